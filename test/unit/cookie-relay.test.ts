import { describe, expect, it } from 'vitest';
import { createCookieRelay } from '../../server/ssr/cookie-relay.server.ts';

function apiResponse(...setCookies: string[]): Response {
  const headers = new Headers();
  for (const line of setCookies) headers.append('set-cookie', line);
  return new Response(null, { headers });
}

describe('the cookie relay of a server-side form action', () => {
  it('sends the browser cookies until the API sets a new session, then the new one', () => {
    const relay = createCookieRelay('oshibox_sid=old; theme=pink');
    expect(relay.cookieHeader()).toBe('oshibox_sid=old; theme=pink');
    relay.absorb(apiResponse('oshibox_sid=new; Path=/; HttpOnly; SameSite=Lax'));
    expect(relay.cookieHeader()).toBe('oshibox_sid=new; theme=pink');
    expect(relay.setCookies()).toEqual(['oshibox_sid=new; Path=/; HttpOnly; SameSite=Lax']);
  });

  it('drops a cookie the API clears, by Max-Age=0, a past expiry or an empty value', () => {
    for (const clear of ['oshibox_sid=; Path=/', 'oshibox_sid=x; Max-Age=0', 'oshibox_sid=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT']) {
      const relay = createCookieRelay('oshibox_sid=old');
      relay.absorb(apiResponse(clear));
      expect(relay.cookieHeader()).toBe('');
      expect(relay.setCookies()).toEqual([clear]);
    }
  });

  it('passes nothing back when the API set nothing', () => {
    const relay = createCookieRelay(undefined);
    relay.absorb(apiResponse());
    expect(relay.setCookies()).toEqual([]);
    expect(relay.cookieHeader()).toBe('');
  });
});
