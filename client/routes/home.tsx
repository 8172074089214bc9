import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Banner, News } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { ArtistGrid, toArtistCard, type ArtistCardData } from '../components/artist-card.tsx';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { NewsList } from '../components/news-list.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { FlashNotice } from '../components/profile/flash-notice.tsx';
import { apiFrom, must, orElse } from '../data/api.ts';
import { useT } from '../lang.tsx';

const ON_SALE_LIMIT = 12;
const NEWS_LIMIT = 5;

interface HomeData {
  banners: Banner[];
  artists: ArtistCardData[];
  news: News[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const api = apiFrom(context);
  const [artists, banners, news] = await Promise.all([api.artists({ limit: ON_SALE_LIMIT }), api.banners(), api.newsList()]);
  return { artists: must(artists).map(toArtistCard), banners: orElse(banners, []), news: orElse(news, []).slice(0, NEWS_LIMIT) };
}

export function Component() {
  const { banners, artists, news } = useLoaderData() as HomeData;
  const t = useT();
  return (
    <div className="page home">
      {/* After account deletion the shop's front door says it is done (`?done=accountDeleted`). */}
      <FlashNotice />
      <PageMeta
        description={t({
          ja: '推しのアーティストやクリエイターのグッズが毎月届く、サプライズBOXの定期便。中身は届くまでのお楽しみです。',
          en: 'A monthly surprise box of goods from your favourite artists and creators. What is inside stays a secret until it arrives.',
        })}
      />
      <section className="hero" aria-labelledby="home-lead">
        <BannerCarousel banners={banners} />
        <h1 id="home-lead" className="hero-lead">
          {t({
            ja: '毎月届く、推しのサプライズBOX。中身は届くまでのお楽しみ。',
            en: 'A monthly surprise box from your favourite creator. What is inside stays a secret until it arrives.',
          })}
        </h1>
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
        <NewsList news={news} />
        <p className="section-more">
          <Link to={href('news')}>{t({ ja: 'お知らせ一覧へ', en: 'All news' })}</Link>
        </p>
      </section>
    </div>
  );
}
