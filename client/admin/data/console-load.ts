import { redirect } from 'react-router';
import type { ApiResult } from '../../../shared/api/client.ts';
import { adminHref } from '../../../shared/admin-routes.ts';
import { must } from '../../data/api.ts';

/**
 * A signed-in page's data: a 401 (no live staff session, or it ran out) sends the member to the
 * login page; any other failure (a 403 for a role without the permission, a 404) is shown by the
 * root's error boundary with the API's message, in Japanese and English.
 */
export function mustStaff<D>(result: ApiResult<D>): D {
  if (!result.ok && result.status === 401) throw redirect(adminHref('login'));
  return must(result);
}
