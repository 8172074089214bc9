/** A piece of interface text in both languages of the shop (docs/spec.md §1: Japanese with English). */
export interface Text {
  ja: string;
  en: string;
}

export type Lang = keyof Text;

export function pick(text: Text, english: boolean): string {
  return english ? text.en : text.ja;
}

/**
 * Catalogue text (an artist's description, a plan's name, a banner, a news item) is written by the
 * operator in Japanese, with English where they supplied it. In English the English is shown; what
 * has none is shown in Japanese and marked `lang: 'ja'`, so screen readers switch voice and line
 * breaking treats it as Japanese (issue 31).
 */
export interface CatalogueChoice {
  text: string;
  lang: 'ja' | undefined;
}

export function pickCatalogue(ja: string, en: string | null | undefined, english: boolean): CatalogueChoice {
  if (!english) return { text: ja, lang: undefined };
  return en?.trim() ? { text: en, lang: undefined } : { text: ja, lang: 'ja' };
}

/** The same choice as a `Text`, for words composed into a sentence of both languages (a receipt's 但し書き). */
export function catalogueText(ja: string, en: string | null | undefined): Text {
  return { ja, en: pickCatalogue(ja, en, true).text };
}

/**
 * Whether a record lacks English the shop would need: some Japanese field has text and its English
 * twin none. The console marks such records 「英語未入力」.
 */
export function lacksEnglish(pairs: ReadonlyArray<readonly [ja: string | null | undefined, en: string | null | undefined]>): boolean {
  return pairs.some(([ja, en]) => Boolean(ja?.trim()) && !en?.trim());
}
