import { BUDOUX_JA_MODEL } from './budoux/ja-model.ts';
import { BudouxParser } from './budoux/parser.ts';

let parser: BudouxParser | null = null;

/**
 * Japanese text cut into phrases (BudouX), so a line breaks between phrases, not inside a word,
 * in every browser (CSS `word-break: auto-phrase` is Chromium only). The same on the server and
 * in the browser, so hydration agrees. Text without Japanese comes back whole.
 */
export function splitPhrases(text: string): string[] {
  if (!/[\u3040-\u30ff\u3400-\u9fff]/.test(text)) return [text];
  parser ??= new BudouxParser(BUDOUX_JA_MODEL);
  return parser.parse(text);
}
