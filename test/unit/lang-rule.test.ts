import { describe, expect, it } from 'vitest';
import { documentLangOf, shouldTurnOffEnglish } from '../../shared/lang-rule.ts';

describe('shouldTurnOffEnglish (docs/spec.md §2)', () => {
  it.each(['/lineup', '/', '/mypage/login', '/mypage/profile', '/news/3'])('turns English off on %s', (path) => {
    expect(shouldTurnOffEnglish(true, path)).toBe(true);
  });

  it('leaves English on for the password reminder, the one exempt route', () => {
    expect(shouldTurnOffEnglish(true, '/mypage/reminder')).toBe(false);
  });

  it.each(['/lineup', '/mypage/reminder', '/'])('does nothing while English is off (%s)', (path) => {
    expect(shouldTurnOffEnglish(false, path)).toBe(false);
  });
});

describe('documentLangOf', () => {
  it('starts the document in English only when the URL asks for it', () => {
    expect(documentLangOf('?lang=en')).toBe('en');
    expect(documentLangOf('?x=1&lang=en')).toBe('en');
    expect(documentLangOf('')).toBe('ja');
    expect(documentLangOf('?lang=ja')).toBe('ja');
  });
});
