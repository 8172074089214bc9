import { describe, expect, it } from 'vitest';
import { NameKanaField } from '../../shared/account-rules.ts';
import { fieldErrors } from '../../shared/field-errors.ts';
import * as z from 'zod/mini';
import { toHalfWidthKatakana, toKatakana } from '../../shared/kana.ts';

/** Issue 32: フリガナ as people type it, and as carriers' software takes it. */
describe('フリガナ', () => {
  it('takes hiragana, half-width katakana and any spaces, and keeps full-width katakana', () => {
    expect(toKatakana(' おしの　はなこ ')).toBe('オシノ　ハナコ');
    expect(toKatakana('ｵｼﾉ ﾊﾅｺ')).toBe('オシノ　ハナコ');
    expect(toKatakana('ヴァン・ガッツ')).toBe('ヴァン・ガッツ');
  });

  it('refuses what is not katakana with the field named, in both languages', () => {
    const Form = z.strictObject({ nameKana: NameKanaField });
    expect(fieldErrors(Form, { nameKana: 'ぱぴぷ' })).toBeNull();
    expect(Object.keys(fieldErrors(Form, { nameKana: '推野' }) ?? {})).toEqual(['nameKana']);
    expect(Object.keys(fieldErrors(Form, { nameKana: 'ア'.repeat(101) }) ?? {})).toEqual(['nameKana']);
  });

  it('is written in half-width for the carriers, voiced marks as their own characters', () => {
    expect(toHalfWidthKatakana('オシノ　ハナコ')).toBe('ｵｼﾉ ﾊﾅｺ');
    expect(toHalfWidthKatakana('ガッツ・パンダ')).toBe('ｶﾞｯﾂ･ﾊﾟﾝﾀﾞ');
    expect(toHalfWidthKatakana('ヴィ')).toBe('ｳﾞｨ');
  });
});
