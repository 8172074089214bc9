import type { ReactNode } from 'react';
import { splitJapaneseRuns } from '../../shared/japanese-runs.ts';
import { pick, type Text } from '../../shared/text.ts';
import { useLang } from '../lang.tsx';

/** Text in an English page whose Japanese parts (a company name, an address) say `lang="ja"`. */
export function JapaneseRuns({ text }: { text: string }): ReactNode {
  const runs = splitJapaneseRuns(text);
  if (!runs.some((run) => run.japanese)) return text;
  return runs.map((run, i) => (run.japanese ? <span key={i} lang="ja">{run.text}</span> : run.text));
}

/**
 * `useT` for running text: in English, what stays Japanese in it is marked `lang="ja"`; in
 * Japanese, the text as is (the page is Japanese already).
 */
export function useMarkedT(): (text: Text) => ReactNode {
  const { english } = useLang();
  return (text) => (english ? <JapaneseRuns text={pick(text, true)} /> : pick(text, false));
}
