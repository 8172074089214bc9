import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Artist, Banner, News } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { ArtistGrid } from '../components/artist-card.tsx';
import { useConfig } from '../config.tsx';
import { apiFrom, must, orElse } from '../data/api.ts';
import { useT } from '../lang.tsx';

const ON_SALE_LIMIT = 12;
const NEWS_LIMIT = 5;

interface HomeData {
  banners: Banner[];
  artists: Artist[];
  news: News[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const api = apiFrom(context);
  const [artists, banners, news] = await Promise.all([api.artists({ limit: ON_SALE_LIMIT }), api.banners(), api.newsList()]);
  return { artists: must(artists), banners: orElse(banners, []), news: orElse(news, []).slice(0, NEWS_LIMIT) };
}

export function Component() {
  const { banners, artists, news } = useLoaderData() as HomeData;
  const { brandName } = useConfig();
  const t = useT();
  return (
    <div className="page home">
      <title>{`${brandName} | ${t({ ja: '推しのサプライズBOX定期便', en: 'Surprise boxes from your favourite creators' })}`}</title>
      <section className="hero" aria-label={t({ ja: 'おすすめ', en: 'Featured' })}>
        <ul className="banner-strip">
          {banners.map((banner) => (
            <li key={banner.id}>
              <Link to={banner.link}>
                <img src={banner.image} alt={banner.title} width={1600} height={600} />
              </Link>
            </li>
          ))}
        </ul>
        <p className="hero-lead">
          {t({
            ja: '毎月届く、推しのサプライズBOX。中身は届くまでのお楽しみ。',
            en: 'A monthly surprise box from your favourite creator. What is inside stays a secret until it arrives.',
          })}
        </p>
      </section>

      <section className="section" aria-labelledby="on-sale">
        <h2 id="on-sale" className="section-title">{t({ ja: '販売中のアーティスト', en: 'On sale now' })}</h2>
        <ArtistGrid artists={artists} />
        <p className="section-more">
          <Link className="button" to={href('lineup')}>{t({ ja: 'ラインナップをすべて見る', en: 'See the whole lineup' })}</Link>
        </p>
      </section>

      <section className="section" aria-labelledby="latest-news">
        <h2 id="latest-news" className="section-title">{t({ ja: 'お知らせ', en: 'News' })}</h2>
        <ul className="news-list">
          {news.map((item) => (
            <li key={item.id}>
              <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
              <Link to={href('newsDetail', { id: item.id })}>{item.title}</Link>
            </li>
          ))}
        </ul>
        <p className="section-more">
          <Link to={href('news')}>{t({ ja: 'お知らせ一覧へ', en: 'All news' })}</Link>
        </p>
      </section>
    </div>
  );
}
