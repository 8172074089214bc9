import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { href } from '../../shared/routes.ts';
import { ArtistGrid, toArtistCard, type ArtistCardData } from '../components/artist-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

const CLOSED_LIMIT = 100;

export async function loader({ context }: LoaderFunctionArgs): Promise<ArtistCardData[]> {
  return must(await apiFrom(context).artists({ isClose: true, limit: CLOSED_LIMIT })).map(toArtistCard);
}

/** docs/spec.md §2: the lineup of artists whose sales have ended. */
export function Component() {
  const artists = useLoaderData() as ArtistCardData[];
  const t = useT();
  return (
    <div className="page lineup-close">
      <PageMeta
        title={t({ ja: '販売終了したアーティスト', en: 'Artists whose sales ended' })}
        description={t({
          ja: 'OshiBoxでこれまでにBOXをお届けし、現在は販売を終了したアーティスト・クリエイターの一覧です。',
          en: 'Artists and creators whose OshiBox sales have ended.',
        })}
      />
      <h1 className="page-title">{t({ ja: '販売終了したアーティスト', en: 'Artists whose sales ended' })}</h1>
      <p className="closed-note">
        {t({
          ja: 'これらのアーティストのBOXは販売を終了しました。新しいお申し込みはできませんが、これまでのプランはご覧いただけます。一部のBOXはRe-boxとして再販されることがあります。',
          en: 'Sales of these boxes have ended. They can no longer be ordered, but their plans can still be viewed. Some boxes come back as Re-box.',
        })}
      </p>
      {artists.length > 0 ? (
        <ArtistGrid artists={artists} />
      ) : (
        <p className="notice">{t({ ja: '販売終了したアーティストはいません。', en: 'No artist has ended sales.' })}</p>
      )}
      <p className="page-back">
        <Link className="button" to={href('lineup')}>{t({ ja: '販売中のラインナップへ', en: 'Back to the lineup on sale' })}</Link>{' '}
        <Link className="button button-ghost" to={href('reBox')}>{t({ ja: 'Re-boxを見る', en: 'See Re-box' })}</Link>
      </p>
    </div>
  );
}
