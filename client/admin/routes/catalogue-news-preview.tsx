import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { News } from '../../../shared/api/types.ts';
import { Component as NewsPage } from '../../routes/news-detail.tsx';
import { PreviewFrame } from '../catalogue/preview-frame.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

/** The preview of a news item (issue 32): the shop's news page component with the item as the console reads it. */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<News> {
  const { news } = mustStaff(await staffApiFrom(context).newsItem(params.id ?? ''));
  return {
    id: news.id, title: news.title, message: news.message, titleEn: news.titleEn, messageEn: news.messageEn,
    link: news.link || null, publishedAt: news.publishedAt, openFlag: true,
  };
}

export function Component() {
  const news = useLoaderData<typeof loader>();
  return (
    <PreviewFrame name={news.title} back={adminHref('catalogueNewsItem', { id: String(news.id) })}>
      <NewsPage />
    </PreviewFrame>
  );
}
