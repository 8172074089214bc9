import { data, redirect } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import type { RouteAccess } from '../../shared/routes.ts';
import { loginStatusError } from '../../shared/global-error.ts';
import { loginHref } from '../../shared/routes.ts';
import { LOGIN_STATUS_FAILED } from './api.ts';
import { loadLoginStatus } from './login-status.ts';

/**
 * docs/spec.md §6: a protected page loads the user; without one (or, for `secure` pages, without a
 * recent proof of identity) it redirects to the login page with the current path in `url`.
 */
export async function requireUser(request: Request, context: unknown, access: RouteAccess): Promise<CurrentUser> {
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const status = await loadLoginStatus(request, context);
  // An API that cannot answer says nothing about the session: showing the login page would tell
  // a signed-in shopper they were signed out. The root shows the §8 error instead.
  if (!status.ok) throw data(loginStatusError(status.status), { status: LOGIN_STATUS_FAILED });
  const user = status.data.user;
  if (!user || (access === 'secure' && !user.securitySafe)) throw redirect(loginHref(returnTo));
  return user;
}
