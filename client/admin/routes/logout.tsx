import { redirect, type ActionFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { seeOther } from '../../data/form-action.ts';
import { staffApiFrom } from '../data/staff-api.ts';

/** The logout form posts here: the API ends the session and clears its cookie, then the login page. */
export async function action({ context }: ActionFunctionArgs) {
  await staffApiFrom(context).logout();
  return seeOther(adminHref('login'));
}

/** A GET (a bookmarked or typed URL) changes nothing: it goes to the console's home. */
export function loader(): never {
  throw redirect(adminHref('home'));
}

export function Component() {
  return null;
}
