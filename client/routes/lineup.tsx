import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS } from '../../shared/artist-types.ts';
import { ArtistGrid } from '../components/artist-card.tsx';
import { useConfig } from '../config.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

export async function loader({ context }: LoaderFunctionArgs): Promise<CategoryArtists> {
  return must(await apiFrom(context).categoryArtists());
}

/** Spec §2: artists whose plans accept orders, by category in the order of spec §3. */
export function Component() {
  const { categories } = useLoaderData() as CategoryArtists;
  const { brandName } = useConfig();
  const t = useT();
  return (
    <div className="page lineup">
      <title>{`${t({ ja: 'ラインナップ', en: 'Lineup' })} | ${brandName}`}</title>
      <h1 className="page-title">{t({ ja: 'ラインナップ', en: 'Lineup' })}</h1>
      <nav className="category-nav" aria-label={t({ ja: 'カテゴリー', en: 'Categories' })}>
        <ul>
          {categories.map((c) => (
            <li key={c.type}>
              <a href={`#category-${c.type}`}>{t(ARTIST_TYPE_LABELS[c.type])}</a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((c) => (
        <section key={c.type} id={`category-${c.type}`} className="section" aria-labelledby={`category-title-${c.type}`}>
          <h2 id={`category-title-${c.type}`} className="section-title">{t(ARTIST_TYPE_LABELS[c.type])}</h2>
          <ArtistGrid artists={c.artists} />
        </section>
      ))}
    </div>
  );
}
