import type { ActionFunctionArgs } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';
import { href } from '../../shared/routes.ts';
import { apiFrom } from './api.ts';
import { apiFailure, formFailure, readForm, seeOther } from './form-action.ts';
import { LOGOUT_INTENT } from './logout.ts';

/**
 * docs/spec.md §4/§7: logout calls the server; on success the app goes to / (the browser's next request
 * has no session cookie: the API cleared it and the server passes that on); on error the error
 * is shown. Runs in the browser with JavaScript and on the server without it.
 */
export async function logoutAction({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (values.intent !== LOGOUT_INTENT) return formFailure({ error: MESSAGES.fieldInvalid });
  const result = await apiFrom(context).logout();
  if (!result.ok) return apiFailure(result, {});
  return seeOther(href('home'));
}
