import { Link } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

const COPY = {
  label: { ja: 'ページ送り', en: 'Pages' },
  previous: { ja: '前のページ', en: 'Previous page' },
  next: { ja: '次のページ', en: 'Next page' },
  page: { ja: 'ページ', en: 'Page' },
} as const satisfies Record<string, Text>;

interface PagerProps {
  path: string;
  page: number;
  hasNext: boolean;
  /** How many pages there are, when the API counts them: shown as "n / total". */
  pages?: number;
  /** The list's other query parameters (a search's `q`), kept on every page link. */
  params?: Record<string, string>;
}

/** `?page=` links (plain links: no JavaScript needed), the current page named between them. */
export function Pager({ path, page, hasNext, pages, params = {} }: PagerProps) {
  const t = useT();
  if (page === 1 && !hasNext) return null;
  const href = (n: number) => `${path}?${new URLSearchParams({ ...params, page: String(n) })}`;
  return (
    <nav className="console-pager" aria-label={t(COPY.label)}>
      {page > 1 ? <Link to={href(page - 1)} rel="prev">{t(COPY.previous)}</Link> : null}
      <span>{pages === undefined ? `${t(COPY.page)} ${page}` : `${page} / ${pages}`}</span>
      {hasNext ? <Link to={href(page + 1)} rel="next">{t(COPY.next)}</Link> : null}
    </nav>
  );
}
