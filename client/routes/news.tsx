import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { News } from '../../shared/api/types.ts';
import { NewsList } from '../components/news-list.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

export async function loader({ context }: LoaderFunctionArgs): Promise<News[]> {
  return must(await apiFrom(context).newsList());
}

/** docs/spec.md §2: published news, newest first. */
export function Component() {
  const news = useLoaderData() as News[];
  const t = useT();
  return (
    <div className="page news-page">
      <PageMeta
        title={t({ ja: 'お知らせ', en: 'News' })}
        description={t({
          ja: 'OshiBoxからのお知らせ一覧です。新しいBOXの登場や発送スケジュール、メンテナンス情報などをお届けします。',
          en: 'News from OshiBox: new boxes, shipping schedules, maintenance and more.',
        })}
      />
      <h1 className="page-title">{t({ ja: 'お知らせ', en: 'News' })}</h1>
      <NewsList news={news} />
    </div>
  );
}
