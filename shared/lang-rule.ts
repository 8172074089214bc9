/**
 * The shop's language (issue 31, docs/decisions/0067-english-stays-on.md). English, once chosen,
 * stays on across navigation, reloads and new tabs until the fan switches it off: the choice is a
 * cookie, and `?lang=en` / `?lang=ja` on a URL (a shared link, the switch without JavaScript) says
 * it for that request and becomes the cookie. Japanese is the default.
 */
export type Lang = 'ja' | 'en';

/** `?lang=en` asks for a page in English, `?lang=ja` in Japanese. */
export const ENGLISH_PARAM = 'lang';
export const ENGLISH_VALUE = 'en';
/** The fan's choice, for a year; not HttpOnly: the switch writes it in the browser. */
export const LANG_COOKIE = 'oshibox_lang';
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const asLang = (value: string | null | undefined): Lang | null => (value === 'en' || value === 'ja' ? value : null);

/** The language a URL's query (`?a=1&lang=en`) asks for, or null when it names none. */
export function askedLang(search: string): Lang | null {
  return asLang(new URLSearchParams(search).get(ENGLISH_PARAM));
}

/** Whether a URL's query asks for English. */
export function asksForEnglish(search: string): boolean {
  return askedLang(search) === 'en';
}

/** The fan's remembered language in a Cookie header, or null. */
export function cookieLang(cookieHeader: string | null | undefined): Lang | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === LANG_COOKIE) return asLang(part.slice(eq + 1).trim());
  }
  return null;
}

/** The language of a request: what its URL asks, else the fan's cookie, else Japanese. */
export function requestLang(search: string, cookieHeader: string | null | undefined): Lang {
  return askedLang(search) ?? cookieLang(cookieHeader) ?? 'ja';
}

/**
 * The `Set-Cookie` a response carries when its URL asks for a language the cookie does not hold
 * yet (the switch as a link, a shared `?lang=en` link), else null.
 */
export function langCookieToSet(search: string, cookieHeader: string | null | undefined): string | null {
  const asked = askedLang(search);
  if (asked === null || asked === cookieLang(cookieHeader)) return null;
  return langCookie(asked);
}

/** The cookie that remembers `lang` (the browser's switch writes the same with `document.cookie`). */
export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The same page's address asking for English (`on`) or Japanese: the switch as a plain link
 * (JavaScript off), other query keys kept. Japanese is asked explicitly (`?lang=ja`), so the
 * request can replace a remembered English.
 */
export function withEnglish(pathname: string, search: string, on: boolean): string {
  const params = new URLSearchParams(search);
  params.set(ENGLISH_PARAM, on ? ENGLISH_VALUE : 'ja');
  return `${pathname}?${params.toString()}`;
}

/** The same address without a language in its query (the language then comes from the cookie). */
export function withoutLang(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ENGLISH_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
