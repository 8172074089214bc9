import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { News } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { useLocalize } from '../components/catalogue-text.tsx';
import { NewsLink } from '../components/news-link.tsx';
import { splitParagraphs } from '../components/news-list.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

/** A database id: positive and within PostgreSQL's integer, so the API is asked only sensible ids. */
const MAX_ID = 2_147_483_647;
const DESCRIPTION_LENGTH = 110;

function parseNewsId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

export async function loader({ params, context }: LoaderFunctionArgs): Promise<News> {
  const id = parseNewsId(params.id);
  if (id === null) throw data(null, { status: 404 });
  // A missing or unpublished news item is the API's 404, thrown on as the page's status.
  return must(await apiFrom(context).news(id));
}

function summarize(paragraphs: readonly string[]): string {
  const flat = paragraphs.join(' ').replace(/\s+/g, ' ');
  return flat.length > DESCRIPTION_LENGTH ? `${flat.slice(0, DESCRIPTION_LENGTH)}…` : flat;
}

/** docs/spec.md §2: one news item. The message is plain text, shown as paragraphs (never as HTML). */
export function Component() {
  const news = useLoaderData() as News;
  const t = useT();
  const localize = useLocalize();
  const title = localize(news.title, news.titleEn);
  const message = localize(news.message, news.messageEn);
  const paragraphs = splitParagraphs(message.text);
  return (
    <article className="page news-detail">
      <PageMeta title={title.text} description={summarize(paragraphs) || title.text} type="article" />
      <header className="news-detail-header">
        <time className="news-detail-date" dateTime={news.publishedAt}>{formatDate(news.publishedAt)}</time>
        <h1 className="news-detail-title" lang={title.lang}>{title.text}</h1>
      </header>
      <div className="news-detail-body" lang={message.lang}>
        {paragraphs.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <NewsLink link={news.link} />
      <p className="page-back">
        <Link className="button" to={href('news')}>{t({ ja: 'お知らせ一覧へ戻る', en: 'Back to all news' })}</Link>
      </p>
    </article>
  );
}
