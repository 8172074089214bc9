import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ArtistDetail, Plan } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS } from '../../shared/artist-types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { Price } from '../components/price.tsx';
import { useConfig } from '../config.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

interface ArtistData {
  artist: ArtistDetail;
  /** `/lineup/{slug}/{no}` opens the page at plan number `no` (1-based, by sort order). */
  focusPlanId: number | null;
}

export async function loader({ params, context }: LoaderFunctionArgs): Promise<ArtistData> {
  const artist = must(await apiFrom(context).artist(params.slug ?? ''));
  if (params.no === undefined) return { artist, focusPlanId: null };
  const no = /^[1-9]\d{0,3}$/.test(params.no) ? Number(params.no) : 0;
  const plan = artist.plans[no - 1];
  if (!plan) throw data(null, { status: 404 });
  return { artist, focusPlanId: plan.id };
}

export function Component() {
  const { artist, focusPlanId } = useLoaderData() as ArtistData;
  const { brandName } = useConfig();
  const t = useT();
  return (
    <article className="page artist-page" style={{ ['--artist-bg' as string]: artist.backgroundColor }}>
      <title>{`${artist.name} | ${brandName}`}</title>
      <header className="artist-hero">
        <img className="artist-cover" src={artist.coverImage} alt="" width={1600} height={600} />
        <div className="artist-heading">
          <img className="artist-icon" src={artist.icon} alt="" width={512} height={512} />
          <div>
            <p className="artist-type">{t(ARTIST_TYPE_LABELS[artist.type])}</p>
            <h1 className="artist-name">{artist.name}</h1>
            {artist.subName ? <p className="artist-sub">{artist.subName}</p> : null}
          </div>
        </div>
      </header>
      <p className="artist-description">{artist.description}</p>

      <section className="section" aria-labelledby="plans">
        <h2 id="plans" className="section-title">{t({ ja: 'プラン', en: 'Plans' })}</h2>
        {artist.isClose ? (
          <p className="notice">{t({ ja: 'このアーティストの受付は終了しました。', en: 'Orders for this artist have closed.' })}</p>
        ) : null}
        <ul className="plan-list">
          {artist.plans.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} slug={artist.slug} focused={plan.id === focusPlanId} closed={artist.isClose} />
            </li>
          ))}
        </ul>
      </section>
      {artist.copyright ? <p className="artist-copyright">{artist.copyright}</p> : null}
    </article>
  );
}

function PlanCard({ plan, slug, focused, closed }: { plan: Plan; slug: string; focused: boolean; closed: boolean }) {
  const t = useT();
  const round = plan.currentOrder;
  return (
    <section id={`plan-${plan.id}`} className="plan-card" data-focused={focused || undefined} aria-labelledby={`plan-name-${plan.id}`}>
      <h3 id={`plan-name-${plan.id}`} className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <Price price={plan.price} preTaxPrice={plan.preTaxPrice} />
        <span className="plan-period">
          {t(plan.period === 1 ? { ja: '／月', en: '/ month' } : { ja: `／${plan.period}か月`, en: `/ ${plan.period} months` })}
        </span>
      </p>
      {plan.attention ? <p className="plan-attention">{plan.attention}</p> : null}
      {round && !closed ? (
        <>
          <dl className="plan-round">
            <dt>{t({ ja: '受付中', en: 'Now accepting' })}</dt>
            <dd>{round.name}</dd>
            <dt>{t({ ja: '申込締切', en: 'Deadline' })}</dt>
            <dd><time dateTime={round.endDate}>{formatDate(round.endDate)}</time></dd>
            <dt>{t({ ja: '発送予定', en: 'Ships' })}</dt>
            <dd><time dateTime={round.shipDate}>{formatDate(round.shipDate)}</time></dd>
          </dl>
          <Link className="button button-primary" to={href('checkout', { slug, planId: plan.id })}>
            {t({ ja: 'このプランを申し込む', en: 'Subscribe to this plan' })}
          </Link>
        </>
      ) : (
        <p className="plan-closed">{t({ ja: '現在受付期間外です', en: 'Not accepting orders now' })}</p>
      )}
    </section>
  );
}
