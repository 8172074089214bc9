import { Link } from 'react-router';
import type { News } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { useLocalize } from './catalogue-text.tsx';
import { EmptyState, SEE_LINEUP } from './empty-state.tsx';

const NO_NEWS = {
  title: { ja: '現在お知らせはありません。', en: 'There is no news at the moment.' },
  next: {
    ja: '新しいプランや発送のお知らせはここに掲載します。いま受付中のプランはラインナップでご覧いただけます。',
    en: 'New plans and shipping news will appear here. The plans open now are in the lineup.',
  },
} as const;

/** News as dated title links, newest first as the API sends them. */
export function NewsList({ news }: { news: readonly News[] }) {
  const localize = useLocalize();
  if (news.length === 0) {
    return <EmptyState className="news-empty" title={NO_NEWS.title} next={NO_NEWS.next} link={{ to: href('lineup'), label: SEE_LINEUP }} />;
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
