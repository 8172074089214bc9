import { splitPhrases } from './phrases.ts';

/**
 * Where a price may not be parted from its words (issue 31: 「¥660」 stood alone on a line): a text
 * in pieces, the `glued` ones to be kept on one line. A price keeps the phrase before it
 * (「送料（1回分） ¥660」, 「手数料 ¥330」: BudouX's last phrase, or the last word of English), else
 * what follows it (「¥3,960（税込）」, "¥3,960 (tax"). A full-width note after a price that has a
 * phrase before it is glued on its own (「1回 ¥4,290」「（税込・送料込）」), so no piece is wider than
 * a narrow card. The words are not changed: the pieces put together are the text.
 */
export interface TextPiece {
  text: string;
  glued: boolean;
}

const PRICE = /([¥￥][\d,]+〜?)(（[^）]{1,8}）)?/g;
const NEXT_WORD = /^ ?\(?[^\s()¥￥]{1,12}/;
/** A phrase longer than this stays as it is: glued whole it could be wider than a narrow card. */
const LONGEST_BEFORE = 8;

/** The end of `text` a price after it keeps: its last phrase (or word) and the space after it. */
function phraseBefore(text: string): string {
  const spaced = /(\S+\s?)$/.exec(text)?.[1] ?? '';
  const phrase = splitPhrases(spaced.trimEnd()).at(-1) ?? '';
  const tail = phrase + spaced.slice(spaced.trimEnd().length);
  return phrase && !/[、。：:]$/.test(phrase) && phrase.length <= LONGEST_BEFORE ? tail : '';
}

export function gluePrices(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const plain = (part: string) => {
    if (part) pieces.push({ text: part, glued: false });
  };
  const price = new RegExp(PRICE);
  let from = 0;
  for (let match = price.exec(text); match; match = price.exec(text)) {
    const [whole, amount = '', note] = match;
    const between = text.slice(from, match.index);
    const before = phraseBefore(between);
    plain(between.slice(0, between.length - before.length));
    from = match.index + whole.length;
    if (before) {
      pieces.push({ text: before + amount, glued: true });
      if (note) pieces.push({ text: note, glued: true });
      continue;
    }
    const next = note ?? NEXT_WORD.exec(text.slice(from))?.[0] ?? '';
    if (!note) from += next.length;
    pieces.push({ text: amount + next, glued: true });
    price.lastIndex = from;
  }
  plain(text.slice(from));
  return pieces;
}
