import { useLoaderData } from 'react-router';
import { listedPlans } from '../../shared/artist-types.ts';
import type { ArtistDetail } from '../../shared/api/types.ts';
import type { Text } from '../../shared/text.ts';
import { apiFrom, must } from '../data/api.ts';
import { useLang, useT } from '../lang.tsx';
import { ArtistLinks } from './artist-links.tsx';
import { ArtistTags } from './artist-tags.tsx';
import { artistTintStyle } from './artist-theme.ts';
import { PageMeta } from './page-meta.tsx';
import { Phrases } from './phrases.tsx';
import { PlanList } from './plan-card.tsx';
import { SpecialGiftBox } from './special-gift-box.tsx';

/** The words of one fixed special page (docs/spec.md §2); the layout is shared by all of them. */
export interface SpecialCopy {
  /** Modifier class for per-product accents in catalogue.css. */
  theme: string;
  eyebrow: Text;
  catchcopy: Text;
  lead: Text;
  metaDescription: Text;
  teaser: { title: Text; body: Text; hints: readonly Text[] };
  points: readonly { title: Text; body: Text }[];
  faq: readonly { q: Text; a: Text }[];
}

/** The product behind a special page: the artist of that slug, or the API's 404 as the page's. */
export async function loadSpecialProduct(context: unknown, slug: string): Promise<ArtistDetail> {
  const artist = must(await apiFrom(context).artist(slug));
  return { ...artist, plans: listedPlans(artist.plans) };
}

export function SpecialProductPage({ copy }: { copy: SpecialCopy }) {
  const artist = useLoaderData() as ArtistDetail;
  const t = useT();
  return (
    <article className={`page special-page special-${copy.theme}`} style={artistTintStyle(artist.backgroundColor)}>
      <PageMeta title={artist.name} description={t(copy.metaDescription)} image={artist.coverImage} />
      <SpecialHero artist={artist} copy={copy} />
      <SpecialTeaser copy={copy} />
      <section className="special-section" aria-labelledby="special-points">
        <h2 id="special-points" className="special-heading">{t({ ja: 'ここがポイント', en: 'Highlights' })}</h2>
        <ol className="special-points">
          {copy.points.map((point) => (
            <li key={point.title.ja}>
              <h3>{t(point.title)}</h3>
              <p>{t(point.body)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section id="special-plans" className="special-section" aria-labelledby="special-plans-title">
        <h2 id="special-plans-title" className="special-heading">{t({ ja: 'プランとお届け', en: 'Plans and delivery' })}</h2>
        {artist.isClose ? <p className="notice">{t({ ja: 'このBOXの販売は終了しました。', en: 'Sales of this box have ended.' })}</p> : null}
        <PlanList plans={artist.plans} slug={artist.slug} closed={artist.isClose} />
      </section>
      <SpecialFaq copy={copy} />
      <footer className="special-footer">
        <ArtistLinks links={artist.attribute.links} />
        {artist.copyright ? <p className="artist-copyright">{artist.copyright}</p> : null}
      </footer>
    </article>
  );
}

function SpecialHero({ artist, copy }: { artist: ArtistDetail; copy: SpecialCopy }) {
  const t = useT();
  const { english } = useLang();
  return (
    <header className="special-hero">
      <img className="special-hero-cover" src={artist.coverImage || undefined} alt="" width={1600} height={600} />
      <div className="special-hero-body">
        <img className="special-hero-icon" src={artist.icon || undefined} alt="" width={512} height={512} />
        <div className="special-hero-text">
          <p className="special-eyebrow">{t(copy.eyebrow)}</p>
          <h1 className="special-title" lang={english ? 'ja' : undefined}><Phrases text={artist.name} /></h1>
          <p className="special-catch">{t(copy.catchcopy)}</p>
          <ArtistTags tags={artist.tags} closed={artist.isClose} />
          <p className="special-lead">{t(copy.lead)}</p>
          <a className="button button-primary" href="#special-plans">{t({ ja: 'プランを見る', en: 'See the plans' })}</a>
        </div>
      </div>
    </header>
  );
}

function SpecialTeaser({ copy }: { copy: SpecialCopy }) {
  const t = useT();
  return (
    <section className="special-section special-teaser" aria-labelledby="special-teaser">
      <SpecialGiftBox />
      <div>
        <h2 id="special-teaser" className="special-heading">{t(copy.teaser.title)}</h2>
        <p>{t(copy.teaser.body)}</p>
        <ul className="special-hints">
          {copy.teaser.hints.map((hint) => (
            <li key={hint.ja}>{t(hint)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SpecialFaq({ copy }: { copy: SpecialCopy }) {
  const t = useT();
  return (
    <section className="special-section" aria-labelledby="special-faq">
      <h2 id="special-faq" className="special-heading">{t({ ja: 'よくあるご質問', en: 'Questions' })}</h2>
      <div className="special-faq">
        {copy.faq.map((item) => (
          <details key={item.q.ja}>
            <summary>{t(item.q)}</summary>
            <p>{t(item.a)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
