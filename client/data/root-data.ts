import { data, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import { loginStatusError } from '../../shared/global-error.ts';
import { requestLang } from '../../shared/lang-rule.ts';
import type { Text } from '../../shared/text.ts';
import { LOGIN_STATUS_FAILED } from './api.ts';
import { loadLoginStatus } from './login-status.ts';

export interface RootData {
  user: CurrentUser | null;
  /** docs/spec.md §2: when set, the whole shell shows only this text. */
  globalError: Text | null;
  /** The language the page starts in: its URL's `?lang=`, else the fan's cookie (shared/lang-rule.ts). */
  english: boolean;
}

/**
 * The root route's data (client/routes/root.tsx loads this module when it first needs it: the
 * first page hydrates from the server's data, so the API client is not in the entry).
 */
export async function loadRootData({ request, context }: LoaderFunctionArgs) {
  // The server reads the request's Cookie header; a browser's own requests carry none, it has document.cookie.
  const cookies = typeof document === 'undefined' ? request.headers.get('cookie') : document.cookie;
  const english = requestLang(new URL(request.url).search, cookies) === 'en';
  const status = await loadLoginStatus(request, context);
  // The page is an error page then: a 503 (never cached, crawlers come back), not a 200.
  if (!status.ok) return data<RootData>({ user: null, globalError: loginStatusError(status.status), english }, { status: LOGIN_STATUS_FAILED });
  return data<RootData>({ user: status.data.user, globalError: null, english });
}
