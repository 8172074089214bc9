import { useLang } from '../lang.tsx';

/** Text to show and, when it stays Japanese on an English page, `lang="ja"` for it. */
export interface Localized {
  text: string;
  lang: 'ja' | undefined;
}

/**
 * Catalogue text is written by the operator in Japanese, with English where they supplied it.
 * English mode uses the English; what has none is shown as is and marked `lang="ja"`, so screen
 * readers and line breaking treat it as Japanese.
 */
export function useLocalize(): (ja: string, en?: string | null) => Localized {
  const { english } = useLang();
  return (ja, en) => (english && en ? { text: en, lang: undefined } : { text: ja, lang: english ? 'ja' : undefined });
}
