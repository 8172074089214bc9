import { Link } from 'react-router';
import type { News } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { useT } from '../lang.tsx';
import { useLocalize } from './catalogue-text.tsx';

/** News as dated title links, newest first as the API sends them. */
export function NewsList({ news }: { news: readonly News[] }) {
  const t = useT();
  const localize = useLocalize();
  if (news.length === 0) {
    return <p className="notice news-empty">{t({ ja: '現在お知らせはありません。', en: 'There is no news at the moment.' })}</p>;
  }
  return (
    <ul className="news-list">
      {news.map((item) => {
        const title = localize(item.title, item.titleEn);
        return (
          <li key={item.id}>
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
            <Link to={href('newsDetail', { id: item.id })} lang={title.lang}>{title.text}</Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A news message as paragraphs: blank lines separate them; single line breaks stay (CSS pre-line). */
export function splitParagraphs(message: string): string[] {
  return message
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}
