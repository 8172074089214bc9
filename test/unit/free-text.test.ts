import { describe, expect, it } from 'vitest';
import { fieldErrors, ProfileInput } from '../../shared/account-rules.ts';
import { CatalogueFileSchema } from '../../shared/catalogue-import-schema.ts';
import { findHiddenCharacter, isCleanText } from '../../shared/free-text.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { checkAddressee } from '../../shared/receipt.ts';

/** Issue 17: bidi controls and invisible characters in free text (shared/free-text.ts). */
describe('findHiddenCharacter', () => {
  it.each([
    ['U+202A', '\u202A'], ['U+202B', '\u202B'], ['U+202C', '\u202C'], ['U+202D', '\u202D'], ['U+202E', '\u202E'],
    ['U+2066', '\u2066'], ['U+2067', '\u2067'], ['U+2068', '\u2068'], ['U+2069', '\u2069'],
    ['U+200E', '\u200E'], ['U+200F', '\u200F'], ['U+061C', '\u061C'],
    ['U+200B', '\u200B'], ['U+200C', '\u200C'], ['U+2060', '\u2060'], ['U+FEFF', '\uFEFF'], ['U+00AD', '\u00AD'],
    ['U+2028', '\u2028'], ['U+2029', '\u2029'], ['U+0000', '\u0000'], ['U+0007', '\u0007'], ['U+007F', '\u007F'], ['U+0085', '\u0085'],
    ['U+E0041', '\u{E0041}'], ['U+E0001', '\u{E0001}'], ['U+E000', '\uE000'], ['U+D800', '\uD800'], ['U+FFFF', '\uFFFF'],
    ['U+3164', '\u3164'], ['U+115F', '\u115F'], ['U+034F', '\u034F'],
  ])('refuses %s', (name, char) => {
    expect(findHiddenCharacter(`推野${char}花子`)).toBe(name);
    expect(isCleanText(`${char}`)).toBe(false);
  });

  it('refuses the receipt attack: an override that makes the printed text read backwards', () => {
    expect(findHiddenCharacter('株式会社\u202E社会式株')).toBe('U+202E');
  });

  it.each([
    ['kanji, kana, ASCII', '推野 花子 Oshino-1'],
    ['the ideographic space', '推野\u3000花子'],
    ['a kanji variant (IVS)', '葛\u{E0100}城'],
    ['text and emoji presentation selectors', '☺\uFE0E ☺\uFE0F'],
    ['a voiced mark typed apart (U+3099)', 'か\u3099'],
    ['an emoji family joined by ZWJ', '👨\u200D👩\u200D👧'],
    ['a skin tone then ZWJ', '🧑🏽\u200D💻'],
    ['a flag', '🇯🇵'],
    ['a new emoji joined after U+FE0F', '❤\uFE0F\u200D🔥'],
  ])('keeps %s', (_name, value) => {
    expect(findHiddenCharacter(value)).toBeNull();
  });

  it('refuses a ZWJ outside an emoji sequence', () => {
    expect(findHiddenCharacter('推\u200D野')).toBe('U+200D');
    expect(findHiddenCharacter('\u200D👩')).toBe('U+200D');
    expect(findHiddenCharacter('👩\u200D')).toBe('U+200D');
  });

  it('line breaks and tabs only in a multi-line field', () => {
    expect(findHiddenCharacter('一行目\n二行目')).toBe('U+000A');
    expect(findHiddenCharacter('一行目\r\n二行目\tです', { multiline: true })).toBeNull();
    expect(findHiddenCharacter('一行目\n\u202E', { multiline: true })).toBe('U+202E');
  });
});

describe('every free-text field uses the rule, with a message naming the field', () => {
  it('the receipt addressee', () => {
    const result = checkAddressee('推野\u202E花子');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.ja).toContain('宛名');
      expect(result.error.ja).toContain('文字の向き');
      expect(result.error.en).toContain('The addressee');
    }
  });

  it('name, address and address 2 of the profile', () => {
    const fields = fieldErrors(ProfileInput, { name: '推野\u202E花子', address: '東京都\u2066渋谷区', address2: '1-2-3\u200B' });
    expect(fields).toEqual({ name: MESSAGES.nameHidden, address: MESSAGES.addressHidden, address2: MESSAGES.address2Hidden });
    expect(MESSAGES.addressHidden.ja).toMatch(/^住所に/);
    expect(MESSAGES.address2Hidden.en).toMatch(/^The street number and building/);
    expect(fieldErrors(ProfileInput, { name: '推野\u3000花子', address: '東京都葛\u{E0100}飾区', address2: '1-2-3 🏠' })).toBeNull();
  });

  it('the catalogue: one-line names and titles, multi-line descriptions, English too', () => {
    const artist = { slug: 'a', name: 'ミライ\u202E', type: 'VTUBER', description: '一行目\n二行目\u200B', descriptionEn: 'ok\u2067' };
    const news = { title: 'お知らせ', titleEn: 'News\u202D', message: '本文\n続き', publishedAt: '2026-12-01T12:00:00+09:00' };
    const result = CatalogueFileSchema.safeParse({ version: 1, artists: [artist], news: [news] });
    expect(result.success).toBe(false);
    const paths = (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(paths).toEqual(expect.arrayContaining([
      'artists.0.name:singleLine', 'artists.0.description:hiddenCharacters', 'artists.0.descriptionEn:hiddenCharacters', 'news.0.titleEn:singleLine',
    ]));
    expect(paths.some((p) => p.startsWith('news.0.message'))).toBe(false);
  });
});
