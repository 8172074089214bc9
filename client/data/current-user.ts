import { redirect } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import { loginHref } from '../../shared/routes.ts';
import { apiFrom, must } from './api.ts';

/** The path and query of a request, for the login page's `url` return parameter. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user's registered details (`GET /api/user`) for the profile pages. A session that
 * ended since the guard ran (401) goes to login and comes back; any other failure is the page's error.
 */
export async function loadCurrentUser(request: Request, context: unknown): Promise<CurrentUser> {
  const result = await apiFrom(context).user();
  if (!result.ok && result.status === 401) throw redirect(loginHref(returnPathOf(request)));
  return must(result);
}
