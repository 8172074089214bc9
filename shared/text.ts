/** A piece of interface text in both languages of the shop (docs/spec.md §1: Japanese with English). */
export interface Text {
  ja: string;
  en: string;
}

export type Lang = keyof Text;

export function pick(text: Text, english: boolean): string {
  return english ? text.en : text.ja;
}
