import { describe, expect, it } from 'vitest';
import { askedLang, cookieLang, langCookieToSet, requestLang, withEnglish, withoutLang } from '../../shared/lang-rule.ts';

/** Issue 31: English stays on (docs/decisions/0067-english-stays-on.md). */
describe('the language of a request', () => {
  it('is what the URL asks, else the remembered cookie, else Japanese', () => {
    expect(requestLang('?lang=en', undefined)).toBe('en');
    expect(requestLang('?x=1&lang=en', 'oshibox_lang=ja')).toBe('en');
    expect(requestLang('?lang=ja', 'a=1; oshibox_lang=en')).toBe('ja');
    expect(requestLang('', 'a=1; oshibox_lang=en')).toBe('en');
    expect(requestLang('', 'oshibox_lang=fr')).toBe('ja');
    expect(requestLang('?lang=fr', undefined)).toBe('ja');
    expect(requestLang('', undefined)).toBe('ja');
  });

  it('reads only its own cookie and only the two languages', () => {
    expect(cookieLang('xoshibox_lang=en')).toBeNull();
    expect(cookieLang(' oshibox_lang = en ')).toBe('en');
    expect(askedLang('?lang=EN')).toBeNull();
  });

  it('remembers a language the URL asks when the cookie does not hold it yet', () => {
    expect(langCookieToSet('?lang=en', undefined)).toBe('oshibox_lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(langCookieToSet('?lang=en', 'oshibox_lang=en')).toBeNull();
    expect(langCookieToSet('?lang=ja', 'oshibox_lang=en')).toBe('oshibox_lang=ja; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(langCookieToSet('', 'oshibox_lang=en')).toBeNull();
  });

  it('the switch as a link names the language it switches to; other keys are kept', () => {
    expect(withEnglish('/lineup', '', true)).toBe('/lineup?lang=en');
    expect(withEnglish('/lineup', '?lang=en&page=2', false)).toBe('/lineup?lang=ja&page=2');
    expect(withoutLang('/news', '?page=2&lang=en')).toBe('/news?page=2');
    expect(withoutLang('/news', '?lang=en')).toBe('/news');
  });
});
