import type { Text } from '../../shared/text.ts';
import { useT } from '../lang.tsx';

/** Badge labels of the catalogue's tags; a tag without a label here is not shown. */
const TAG_LABELS: Record<string, Text> = {
  new: { ja: 'NEW', en: 'NEW' },
  limited: { ja: '限定', en: 'Limited' },
  're-box': { ja: 'Re-box', en: 'Re-box' },
};

/** The tags a badge shows: all a list page's data needs to carry. */
export function labelledTags(tags: readonly string[]): string[] {
  return tags.filter((tag) => tag in TAG_LABELS);
}

/** The artist's tags as small badges, plus a "closed" badge when sales have ended. */
export function ArtistTags({ tags, closed = false }: { tags: readonly string[]; closed?: boolean }) {
  const t = useT();
  const shown = labelledTags(tags);
  if (shown.length === 0 && !closed) return null;
  return (
    <ul className="artist-tags" aria-label={t({ ja: 'タグ', en: 'Tags' })}>
      {closed ? <li className="artist-tag artist-tag-closed">{t({ ja: '販売終了', en: 'Sold out' })}</li> : null}
      {shown.map((tag) => {
        const label = TAG_LABELS[tag];
        return label ? <li key={tag} className={`artist-tag artist-tag-${tag}`}>{t(label)}</li> : null;
      })}
    </ul>
  );
}
