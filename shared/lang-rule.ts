import { ROUTES } from './routes.ts';

/** `?lang=en` asks for a page in English: the English switch as a plain link, without JavaScript. */
export const ENGLISH_PARAM = 'lang';
export const ENGLISH_VALUE = 'en';

/**
 * docs/spec.md §2: on each route change, English (when on) flips off, except on the password reminder,
 * the one route exempt.
 */
export function shouldTurnOffEnglish(english: boolean, pathname: string): boolean {
  return english && pathname !== ROUTES.reminder.path;
}

/** Whether a URL's query (`?a=1&lang=en`) asks for English. */
export function asksForEnglish(search: string): boolean {
  return new URLSearchParams(search).get(ENGLISH_PARAM) === ENGLISH_VALUE;
}

/** The language a page's document starts in (`<html lang>`): English when its URL asks for it. */
export function documentLangOf(search: string): 'en' | 'ja' {
  return asksForEnglish(search) ? 'en' : 'ja';
}

/** The same page's address with English asked for (`on`) or not, other query keys kept. */
export function withEnglish(pathname: string, search: string, on: boolean): string {
  const params = new URLSearchParams(search);
  if (on) params.set(ENGLISH_PARAM, ENGLISH_VALUE);
  else params.delete(ENGLISH_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
