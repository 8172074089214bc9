/** Kana, kanji, Japanese punctuation and full-width forms (〒, 「」, （）, ＡＢＣ). */
const JAPANESE = '[\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uff00-\\uffef]';
/** A Japanese run, with the digits, spaces and hyphens inside it (〒150-0002 東京都渋谷区). */
const RUN = new RegExp(`${JAPANESE}(?:[ 0-9-]*${JAPANESE})*`, 'g');

export interface TextRun {
  text: string;
  japanese: boolean;
}

/**
 * A text cut into its Japanese runs and the rest, in order: an English sentence that names
 * 株式会社オシボックス keeps the name marked as Japanese (`lang="ja"`), for screen readers' voices
 * and line breaking. Text without Japanese comes back whole.
 */
export function splitJapaneseRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(RUN)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), japanese: false });
    runs.push({ text: match[0], japanese: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), japanese: false });
  return runs;
}
