import { redirect } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import { loginHref } from '../../shared/routes.ts';
import { must } from './api.ts';
import { loadLoginStatus } from './login-status.ts';

/** The path and query of a request, for the login page's `url` return parameter. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user's registered details for the profile pages, checkout and receipts: the
 * login status the root and the member guard already asked for this request (login-status.ts)
 * carries the same `CurrentUser` as `GET /api/user` (one session look-up, api/session), so no
 * second call is made for it (issue 35). No user any more (a session that ended) goes to login and
 * comes back; a status that could not be read is the page's error.
 */
export async function loadCurrentUser(request: Request, context: unknown): Promise<CurrentUser> {
  const status = await loadLoginStatus(request, context);
  const user = must(status).user;
  if (!user) throw redirect(loginHref(returnPathOf(request)));
  return user;
}
