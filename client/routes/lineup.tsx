import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Artist } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS, type ArtistType } from '../../shared/artist-types.ts';
import { href } from '../../shared/routes.ts';
import { ArtistGrid, toArtistCard, type ArtistCardData } from '../components/artist-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

/** The widest row of the lineup grid, in cards (catalogue.css). */
const MAX_SPAN = 4;

/**
 * A card as the lineup's hydration data carries it: without what its section already says. The
 * API lists only open artists here, each under its own type (issue 35: the data was 22 % of the page).
 */
type LineupCard = Omit<ArtistCardData, 'type' | 'isClose'>;

interface LineupData {
  categories: { type: ArtistType; artists: LineupCard[] }[];
}

function toLineupCard(artist: Artist): LineupCard {
  const { name, subName, slug, icon, coverImage, backgroundColor, tags, lowestPrice } = toArtistCard(artist);
  return { name, subName, slug, icon, coverImage, backgroundColor, tags, lowestPrice };
}

/** The whole card again, for rendering: its section's type, and open. */
function cardsOf(type: ArtistType, artists: LineupCard[]): ArtistCardData[] {
  return artists.map((artist) => ({ ...artist, type, isClose: false }));
}

export async function loader({ context }: LoaderFunctionArgs): Promise<LineupData> {
  const { categories } = must(await apiFrom(context).categoryArtists());
  return { categories: categories.map(({ type, artists }) => ({ type, artists: artists.map(toLineupCard) })) };
}

/** docs/spec.md §2: artists whose plans accept orders, by category in the order of docs/spec.md §3. */
export function Component() {
  const { categories } = useLoaderData() as LineupData;
  const t = useT();
  return (
    <div className="page lineup">
      <PageMeta
        title={t({ ja: 'ラインナップ', en: 'Lineup' })}
        description={t({
          ja: 'OshiBoxで販売中のアーティスト・クリエイターのBOXをカテゴリー別にご紹介します。VTuber、YouTuber、アニメ、ゲームなど、推しのBOXを見つけてください。',
          en: 'Every artist and creator box on sale at OshiBox, by category: VTubers, YouTubers, anime, games and more.',
        })}
      />
      <h1 className="page-title">{t({ ja: 'ラインナップ', en: 'Lineup' })}</h1>
      <p className="page-lead">{t({ ja: '現在お申し込みを受け付けているBOXです。', en: 'Boxes taking orders now.' })}</p>
      <nav className="category-nav" aria-label={t({ ja: 'カテゴリー', en: 'Categories' })}>
        <ul>
          {categories.map((c) => (
            <li key={c.type}>
              <a href={`#category-${c.type}`}>{t(ARTIST_TYPE_LABELS[c.type])}</a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Dense: a category takes as many grid columns as it has cards (up to the row), so small
          categories share a row instead of leaving rows of one card. */}
      <div className="lineup-sections">
        {categories.map((c, index) => (
          <section key={c.type} id={`category-${c.type}`} className="lineup-category" aria-labelledby={`category-title-${c.type}`}
            data-size={Math.min(c.artists.length, MAX_SPAN)}>
            <h2 id={`category-title-${c.type}`} className="section-title">{t(ARTIST_TYPE_LABELS[c.type])}</h2>
            {/* The section heading names the category: the cards do not repeat it. */}
            <ArtistGrid artists={cardsOf(c.type, c.artists)} showType={false} top={index === 0} />
          </section>
        ))}
      </div>
      <aside className="lineup-more" aria-label={t({ ja: 'ほかのBOX', en: 'More boxes' })}>
        <Link className="lineup-more-link" to={href('reBox')}>
          <strong>{t({ ja: 'Re-box', en: 'Re-box' })}</strong>
          <span>{t({ ja: '好評だったBOXをもう一度', en: 'Popular boxes, once more' })}</span>
        </Link>
        <Link className="lineup-more-link" to={href('lineupClose')}>
          <strong>{t({ ja: '販売終了したアーティスト', en: 'Artists whose sales ended' })}</strong>
          <span>{t({ ja: 'これまでのBOXをふりかえる', en: 'Look back at past boxes' })}</span>
        </Link>
      </aside>
    </div>
  );
}
