import { redirect } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import type { RouteAccess } from '../../shared/routes.ts';
import { loginHref } from '../../shared/routes.ts';
import { apiFrom } from './api.ts';

/**
 * Spec §6: a protected page loads the user; without one (or, for `secure` pages, without a
 * recent proof of identity) it redirects to the login page with the current path in `url`.
 */
export async function requireUser(request: Request, context: unknown, access: RouteAccess): Promise<CurrentUser> {
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const status = await apiFrom(context).loginStatus();
  const user = status.ok ? status.data.user : null;
  if (!user || (access === 'secure' && !user.securitySafe)) throw redirect(loginHref(returnTo));
  return user;
}
