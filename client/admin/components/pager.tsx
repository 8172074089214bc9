import { Link } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

const COPY = {
  label: { ja: 'ページ送り', en: 'Pages' },
  previous: { ja: '前のページ', en: 'Previous page' },
  next: { ja: '次のページ', en: 'Next page' },
  page: { ja: 'ページ', en: 'Page' },
} as const satisfies Record<string, Text>;

/**
 * `?page=` links (plain links: no JavaScript needed), the current page named between them;
 * `query` (e.g. `state=declined`) is kept on every link.
 */
export function Pager({ path, page, hasNext, query = '' }: { path: string; page: number; hasNext: boolean; query?: string }) {
  const t = useT();
  const href = (n: number) => `${path}?${query ? `${query}&` : ''}page=${n}`;
  if (page === 1 && !hasNext) return null;
  return (
    <nav className="console-pager" aria-label={t(COPY.label)}>
      {page > 1 ? <Link to={href(page - 1)} rel="prev">{t(COPY.previous)}</Link> : null}
      <span>{`${t(COPY.page)} ${page}`}</span>
      {hasNext ? <Link to={href(page + 1)} rel="next">{t(COPY.next)}</Link> : null}
    </nav>
  );
}
