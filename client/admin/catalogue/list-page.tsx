import { Link } from 'react-router';
import { CATALOGUE_MAX_PAGE } from '../../../shared/api/catalogue-admin.ts';
import { formatInTimeZone } from 'date-fns-tz';
import { SHOP_TIME_ZONE } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

const COPY = {
  pages: { ja: 'ページ', en: 'Pages' },
  prev: { ja: '前のページ', en: 'Previous page' },
  next: { ja: '次のページ', en: 'Next page' },
} as const satisfies Record<string, Text>;

/** `?page=` of a list's URL, within 1…CATALOGUE_MAX_PAGE (anything else is the first page). */
export function pageOf(url: string): number {
  const raw = new URL(url).searchParams.get('page') ?? '1';
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), CATALOGUE_MAX_PAGE);
}

/** Real links to the previous and next pages: paging works without JavaScript. */
export function Pager({ here, page, pages }: { here: string; page: number; pages: number }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(COPY.pages)} className="catalogue-pages">
      {page > 1 ? <Link to={`${here}?page=${page - 1}`} rel="prev">{t(COPY.prev)}</Link> : null}
      <span>{page} / {pages}</span>
      {page < pages ? <Link to={`${here}?page=${page + 1}`} rel="next">{t(COPY.next)}</Link> : null}
    </nav>
  );
}

/** `datetime-local` speaks the shop's time, Japan's: the form's value and the API's ISO instant. */
export const toJstInput = (iso: string | null | undefined) => (iso ? formatInTimeZone(iso, SHOP_TIME_ZONE, "yyyy-MM-dd'T'HH:mm") : '');
export const fromJstInput = (value: string | undefined) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value ?? '') ? `${value}:00+09:00` : value ?? '');
