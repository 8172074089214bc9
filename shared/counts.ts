import type { Text } from './text.ts';

/**
 * A count with its unit in both languages (issue 31): Japanese counts with a counter word
 * (「2箱」, 「3点」), English by the plural rules of `Intl.PluralRules` ("1 box", "2 boxes"), never
 * "box(es)". The rules object is made on first use, not when the module loads (issue 35: a module's
 * top-level Intl constructor costs the page's first script evaluation).
 */
let englishRules: Intl.PluralRules | undefined;

export interface CountUnit {
  /** The Japanese counter, after the number: 箱, 点, 件. */
  ja: string;
  /** The English noun in the singular and the plural. */
  one: string;
  other: string;
}

export function countText(n: number, unit: CountUnit): Text {
  englishRules ??= new Intl.PluralRules('en-US');
  return { ja: `${n}${unit.ja}`, en: `${n} ${englishRules.select(n) === 'one' ? unit.one : unit.other}` };
}

/** Boxes of a plan: 「2箱」 / "2 boxes". */
export const BOXES: CountUnit = { ja: '箱', one: 'box', other: 'boxes' };
/** Goods in a box: 「5点」 / "5 items". */
export const ITEMS: CountUnit = { ja: '点', one: 'item', other: 'items' };
