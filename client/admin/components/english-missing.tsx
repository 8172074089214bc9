import { lacksEnglish } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

type Pairs = Parameters<typeof lacksEnglish>[0];

/** Each record's Japanese fields with their English twins: what the shop shows in English (issue 31). */
export const ENGLISH_PAIRS = {
  artist: (a: { description: string; descriptionEn?: string | null }): Pairs => [[a.description, a.descriptionEn]],
  plan: (p: { name: string; nameEn?: string | null; attention: string; attentionEn?: string | null }): Pairs => [[p.name, p.nameEn], [p.attention, p.attentionEn]],
  banner: (b: { title: string; titleEn: string | null; subtitle: string; subtitleEn: string | null }): Pairs => [[b.title, b.titleEn], [b.subtitle, b.subtitleEn]],
  news: (n: { title: string; titleEn: string | null; message: string; messageEn: string | null }): Pairs => [[n.title, n.titleEn], [n.message, n.messageEn]],
};

/**
 * 「英語未入力」 beside a catalogue record whose English the shop lacks: English pages show its
 * Japanese instead (shared/text.ts `pickCatalogue`), so the list says which records to translate.
 */
export function EnglishMissing({ pairs }: { pairs: Pairs }) {
  const t = useT();
  if (!lacksEnglish(pairs)) return null;
  return <> <strong className="console-badge" data-english-missing="">{t({ ja: '英語未入力', en: 'English missing' })}</strong></>;
}
