import { describe, expect, it } from 'vitest';
import { catalogueText, lacksEnglish, pickCatalogue } from '../../shared/text.ts';

describe('catalogue text in the shopper language (issue 31)', () => {
  it('shows the Japanese on a Japanese page, unmarked', () => {
    expect(pickCatalogue('ライトプラン', 'Light plan', false)).toEqual({ text: 'ライトプラン', lang: undefined });
  });

  it('shows the English on an English page, else the Japanese marked lang="ja"', () => {
    expect(pickCatalogue('ライトプラン', 'Light plan', true)).toEqual({ text: 'Light plan', lang: undefined });
    for (const missing of [null, undefined, '', '   ']) {
      expect(pickCatalogue('ライトプラン', missing, true)).toEqual({ text: 'ライトプラン', lang: 'ja' });
    }
  });

  it('gives both languages for a sentence (the receipt)', () => {
    expect(catalogueText('ライトプラン', null)).toEqual({ ja: 'ライトプラン', en: 'ライトプラン' });
    expect(catalogueText('ライトプラン', 'Light plan')).toEqual({ ja: 'ライトプラン', en: 'Light plan' });
  });

  it('finds a record lacking English where some Japanese field has text and its twin none', () => {
    expect(lacksEnglish([['名前', 'Name'], ['注意', 'Note']])).toBe(false);
    expect(lacksEnglish([['名前', 'Name'], ['注意', null]])).toBe(true);
    expect(lacksEnglish([['名前', 'Name'], ['', null]])).toBe(false);
  });
});
