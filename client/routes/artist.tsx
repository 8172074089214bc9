import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArtistDetail } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS, listedPlans } from '../../shared/artist-types.ts';
import { href } from '../../shared/routes.ts';
import { ArtistLinks } from '../components/artist-links.tsx';
import { ArtistTags } from '../components/artist-tags.tsx';
import { artistTintStyle } from '../components/artist-theme.ts';
import { useLocalize } from '../components/catalogue-text.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Phrases } from '../components/phrases.tsx';
import { PastBoxes } from '../components/past-boxes.tsx';
import { PlanList } from '../components/plan-card.tsx';
import { useScrollToPlan } from '../components/plan-scroll.ts';
import { apiFrom, must } from '../data/api.ts';
import { useLang, useT } from '../lang.tsx';

interface ArtistData {
  artist: ArtistDetail;
  /** `/lineup/{slug}/{no}` opens the page at plan number `no` (1-based, by sort order). */
  focusPlanId: number | null;
}

const DESCRIPTION_LENGTH = 110;

export async function loader({ params, context }: LoaderFunctionArgs): Promise<ArtistData> {
  const detail = must(await apiFrom(context).artist(params.slug ?? ''));
  const artist = { ...detail, plans: listedPlans(detail.plans) };
  if (params.no === undefined) return { artist, focusPlanId: null };
  const no = /^[1-9]\d{0,3}$/.test(params.no) ? Number(params.no) : 0;
  const plan = artist.plans[no - 1];
  if (!plan) throw data(null, { status: 404 });
  return { artist, focusPlanId: plan.id };
}

function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_LENGTH ? `${flat.slice(0, DESCRIPTION_LENGTH)}…` : flat;
}

export function Component() {
  const { artist, focusPlanId } = useLoaderData() as ArtistData;
  const t = useT();
  const description = useLocalize()(artist.description, artist.descriptionEn);
  useScrollToPlan(focusPlanId);
  return (
    <article className="page artist-page" style={artistTintStyle(artist.backgroundColor)}>
      <PageMeta title={artist.name} description={summarize(description.text)} image={artist.coverImage} />
      <ArtistHero artist={artist} />
      <p className="artist-description" lang={description.lang}>{description.text}</p>

      <section className="section" aria-labelledby="plans">
        <h2 id="plans" className="section-title">{t({ ja: 'プラン', en: 'Plans' })}</h2>
        {artist.isClose ? (
          <p className="notice artist-closed-note">
            {t({ ja: 'このアーティストの販売は終了しました。', en: 'Sales for this artist have ended.' })}{' '}
            <Link to={href('lineupClose')}>{t({ ja: '販売終了したアーティスト一覧', en: 'All artists whose sales ended' })}</Link>
          </p>
        ) : null}
        {artist.plans.length > 0 ? (
          <PlanList plans={artist.plans} slug={artist.slug} focusPlanId={focusPlanId} closed={artist.isClose} />
        ) : (
          <p className="notice">{t({ ja: '現在お申し込みいただけるプランはありません。', en: 'There are no plans to order right now.' })}</p>
        )}
      </section>
      <PastBoxes boxes={artist.pastBoxes} />
      <p className="artist-back">
        <Link to={href('lineup')}>{t({ ja: 'ラインナップへ戻る', en: 'Back to the lineup' })}</Link>
      </p>
      {artist.copyright ? <p className="artist-copyright">{artist.copyright}</p> : null}
    </article>
  );
}

function ArtistHero({ artist }: { artist: ArtistDetail }) {
  const t = useT();
  const { english } = useLang();
  return (
    <header className="artist-hero">
      <img className="artist-cover" src={artist.coverImage || undefined} alt="" width={1600} height={600} fetchPriority="high" />
      <div className="artist-heading">
        <img className="artist-icon" src={artist.icon || undefined} alt="" width={512} height={512} />
        <div className="artist-heading-text">
          <p className="artist-type">{t(ARTIST_TYPE_LABELS[artist.type])}</p>
          <h1 className="artist-name" lang={english ? 'ja' : undefined}><Phrases text={artist.name} /></h1>
          {artist.subName ? <p className="artist-sub">{artist.subName}</p> : null}
        </div>
      </div>
      <div className="artist-hero-meta">
        <ArtistTags tags={artist.tags} closed={artist.isClose} />
        <ArtistLinks links={artist.attribute.links} />
      </div>
    </header>
  );
}
