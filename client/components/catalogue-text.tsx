import type { ElementType, ReactNode } from 'react';
import { pickCatalogue, type CatalogueChoice } from '../../shared/text.ts';
import { useLang } from '../lang.tsx';

/** Text to show and, when it stays Japanese on an English page, `lang="ja"` for it. */
export type Localized = CatalogueChoice;

/** The shopper's language applied to catalogue text (shared/text.ts `pickCatalogue`). */
export function useLocalize(): (ja: string, en?: string | null) => Localized {
  const { english } = useLang();
  return (ja, en) => pickCatalogue(ja, en, english);
}

interface CatalogueTextProps {
  ja: string;
  en: string | null | undefined;
  /** The element carrying `lang`; a `<span>` by default. */
  as?: ElementType;
  className?: string;
  /** Renders the chosen words (e.g. phrase-aware breaks); the plain text by default. */
  children?: (text: string) => ReactNode;
}

/** Catalogue text in the shopper's language, its element marked `lang="ja"` where English is missing. */
export function CatalogueText({ ja, en, as: Tag = 'span', className, children }: CatalogueTextProps) {
  const { text, lang } = useLocalize()(ja, en);
  return <Tag className={className} lang={lang}>{children ? children(text) : text}</Tag>;
}
