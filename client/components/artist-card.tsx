import { Link } from 'react-router';
import type { Artist, PlanPrice } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS } from '../../shared/artist-types.ts';
import { TAX_AND_SHIPPING, fromPriceText } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { useLang, useT } from '../lang.tsx';
import { ArtistTags, labelledTags } from './artist-tags.tsx';
import { artistTintStyle } from './artist-theme.ts';
import { Phrases } from './phrases.tsx';

/**
 * What a card renders, and all a list page's hydration data carries per artist (issues 11 and 35):
 * no id (the slug tells cards apart), only the tags a card shows a badge for.
 */
export type ArtistCardData = Pick<Artist, 'name' | 'subName' | 'slug' | 'icon' | 'coverImage' | 'type' | 'backgroundColor' | 'isClose' | 'tags'> & {
  lowestPrice: Pick<PlanPrice, 'price' | 'period'> | null;
};

/**
 * For list loaders: the API's artist without what no card shows (descriptions, links,
 * copyright), which was 14.7 KB of the lineup's 37.6 KB document as hydration data.
 */
export function toArtistCard(artist: Artist): ArtistCardData {
  const { name, subName, slug, icon, coverImage, type, backgroundColor, isClose, tags, lowestPrice } = artist;
  const price = lowestPrice ? { price: lowestPrice.price, period: lowestPrice.period } : null;
  return { name, subName, slug, icon, coverImage, type, backgroundColor, isClose, tags: labelledTags(tags), lowestPrice: price };
}

/**
 * `first`: the card is the first thing on screen (the lineup's top card): its images load at
 * once and its cover first, since it is the page's largest paint; the rest load as they scroll in.
 */
export function ArtistCard({ artist, showType = true, first = false }: { artist: ArtistCardData; showType?: boolean; first?: boolean }) {
  const t = useT();
  const { english } = useLang();
  const price = artist.lowestPrice;
  // The lowest round total with shipping (issue 18): what the cheapest box really costs.
  return (
    <Link
      to={href('artist', { slug: artist.slug })}
      className="artist-card"
      data-closed={artist.isClose || undefined}
      style={artistTintStyle(artist.backgroundColor)}
    >
      <img className="artist-card-cover" src={artist.coverImage || undefined} alt="" loading={first ? undefined : 'lazy'} fetchPriority={first ? 'high' : undefined} width={1600} height={600} />
      <img className="artist-card-icon" src={artist.icon || undefined} alt="" loading={first ? undefined : 'lazy'} width={512} height={512} />
      <span className="artist-card-body">
        {showType ? <span className="artist-card-type">{t(ARTIST_TYPE_LABELS[artist.type])}</span> : null}
        <span className="artist-card-name" lang={english ? 'ja' : undefined}><Phrases text={artist.name} /></span>
        {artist.subName ? <span className="artist-card-sub">{artist.subName}</span> : null}
        {price ? (
          <span className="artist-card-price">
            {t(fromPriceText(price))}<span className="artist-card-price-note">{t(TAX_AND_SHIPPING)}</span>
          </span>
        ) : null}
      </span>
      <ArtistTags tags={artist.tags} closed={artist.isClose} />
    </Link>
  );
}

/** `showType: false` inside a section that already names the category (the lineup). */
export function ArtistGrid({ artists, showType = true, top = false }: { artists: ArtistCardData[]; showType?: boolean; top?: boolean }) {
  return (
    <ul className="artist-grid">
      {artists.map((artist, index) => (
        <li key={artist.slug}>
          <ArtistCard artist={artist} showType={showType} first={top && index === 0} />
        </li>
      ))}
    </ul>
  );
}
