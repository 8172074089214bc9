import type { Text } from './text.ts';

/**
 * Characters a free-text field refuses (issue 17): what can make printed or shown text read
 * differently from what was typed, or hide text altogether. One rule for every field of both
 * sides (account forms, the receipt addressee, the catalogue import).
 *
 * Refused:
 * - bidirectional controls: embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, marks
 *   U+200E/U+200F and U+061C (all of General_Category Cf);
 * - every other format character (Cf): zero-width space U+200B, ZWNJ U+200C, word joiner U+2060,
 *   invisible operators, soft hyphen U+00AD, BOM U+FEFF, interlinear annotation, tag characters
 *   U+E0000–U+E007F (which can smuggle hidden ASCII);
 * - control characters (Cc), except tab and line breaks in a multi-line field; the line and paragraph
 *   separators U+2028/U+2029; lone surrogates, private-use characters (they print as nothing or
 *   as tofu) and noncharacters;
 * - invisible "letters": Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the combining grapheme
 *   joiner U+034F.
 *
 * Kept, because Japanese users type them: the ideographic space U+3000 (and other visible spaces),
 * variation selectors U+FE00–U+FE0F (text/emoji presentation) and U+E0100–U+E01EF (kanji variants,
 * e.g. 葛󠄀 in a name), combining marks such as the voiced-sound mark U+3099 (decomposed kana from
 * some keyboards and pasted file names), and U+200D ZERO WIDTH JOINER *inside an emoji sequence*
 * (👨‍👩‍👧: after a pictograph, a skin tone or U+FE0F, before a pictograph). A ZWJ anywhere else is
 * refused like the other zero-width characters.
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2028\u2029\u034F\u115F\u1160\u3164\uFFA0\uFDD0-\uFDEF\uFFFE\uFFFF]/u;
const LINE_BREAKS_AND_TAB = /^[\t\n\r]$/;
const ZWJ = '\u200D';
const BEFORE_ZWJ = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]/u;
const AFTER_ZWJ = /\p{Extended_Pictographic}/u;

export interface FreeTextOptions {
  /** A field of several lines (a description): tab, CR and LF are allowed. */
  multiline?: boolean;
}

/** The first refused character, as `U+202E`, or null when the text is clean. */
export function findHiddenCharacter(value: string, options: FreeTextOptions = {}): string | null {
  const chars = [...value];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    if (char === ZWJ ? isEmojiJoiner(chars[i - 1], chars[i + 1]) : !REFUSED.test(char)) continue;
    if (options.multiline && LINE_BREAKS_AND_TAB.test(char)) continue;
    return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

function isEmojiJoiner(before: string | undefined, after: string | undefined): boolean {
  return before !== undefined && after !== undefined && BEFORE_ZWJ.test(before) && AFTER_ZWJ.test(after);
}

export function isCleanText(value: string, options: FreeTextOptions = {}): boolean {
  return findHiddenCharacter(value, options) === null;
}

/** The refusal, naming the field: 「住所に、見えない文字や…は使えません。」 */
export function hiddenCharacterText(field: Text): Text {
  return {
    ja: `${field.ja}に、見えない文字や文字の向きを変える制御文字は使えません。入力し直してください。`,
    en: `${field.en} cannot contain invisible characters or characters that change the text direction. Please type it again.`,
  };
}
