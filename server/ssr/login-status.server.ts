import type { ApiClient } from '../../shared/api/client.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import type { CookieRelay } from './cookie-relay.server.ts';

/**
 * The API can only answer "signed out" to a request without a session cookie, so the server
 * does not ask: an anonymous page makes no login-status round trip (issue 11). The relay is
 * read at call time, so a form action that just signed in is asked about as before.
 */
export function withAnonymousLoginStatus(api: ApiClient, relay: CookieRelay): ApiClient {
  return {
    ...api,
    loginStatus: async () =>
      relay.has(SESSION_COOKIE) ? api.loginStatus() : { ok: true, status: 200, data: { userId: null, user: null } },
  };
}
