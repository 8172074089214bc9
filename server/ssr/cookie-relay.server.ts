/**
 * The browser's cookies as the server-side API client sees them during one request. A form
 * action that signs in (or out) gets a `Set-Cookie` from the API: it is kept here to be passed
 * back to the browser on whatever this request answers (303 or the re-rendered form), and the
 * calls that follow in the same request (the root loader's login status) already send the new
 * cookie, as the browser would on its next request.
 */
export interface CookieRelay {
  /** The `Cookie` header for the next API call ('' when none). */
  cookieHeader(): string;
  /** Whether the next API call would carry this cookie. */
  has(name: string): boolean;
  /** Reads the `Set-Cookie` headers of an API response. */
  absorb(response: Response): void;
  /** What to pass back to the browser, in the order the API sent it. */
  setCookies(): string[];
}

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

/** A cookie the API clears (empty value, Max-Age=0 or an expiry in the past) leaves the jar. */
function isRemoval(value: string, attributes: string[]): boolean {
  if (value === '') return true;
  for (const attribute of attributes) {
    const [key = '', rawValue = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age' && Number(rawValue) <= 0) return true;
    if (key.toLowerCase() === 'expires' && Date.parse(rawValue) <= Date.now()) return true;
  }
  return false;
}

export function createCookieRelay(browserCookieHeader: string | undefined): CookieRelay {
  const jar = parseCookieHeader(browserCookieHeader);
  const received: string[] = [];
  return {
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    has: (name) => jar.has(name),
    absorb(response) {
      for (const line of response.headers.getSetCookie()) {
        received.push(line);
        const [pair = '', ...attributes] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (isRemoval(value, attributes)) jar.delete(name);
        else jar.set(name, value);
      }
    },
    setCookies: () => [...received],
  };
}

/** A `fetch` for the server's API client that sends the relay's cookies and keeps what comes back. */
export function relayingFetch(relay: CookieRelay, baseFetch: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = relay.cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    else headers.delete('cookie');
    const response = await baseFetch(input, { ...init, headers });
    relay.absorb(response);
    return response;
  };
}
