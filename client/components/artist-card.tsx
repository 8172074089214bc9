import { Link } from 'react-router';
import type { Artist } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS } from '../../shared/artist-types.ts';
import { href } from '../../shared/routes.ts';
import { useT } from '../lang.tsx';
import { ArtistTags } from './artist-tags.tsx';
import { artistTintStyle } from './artist-theme.ts';

export function ArtistCard({ artist }: { artist: Artist }) {
  const t = useT();
  return (
    <Link to={href('artist', { slug: artist.slug })} className="artist-card" style={artistTintStyle(artist.backgroundColor)}>
      <img className="artist-card-cover" src={artist.coverImage} alt="" loading="lazy" width={1600} height={600} />
      <img className="artist-card-icon" src={artist.icon} alt="" loading="lazy" width={512} height={512} />
      <span className="artist-card-body">
        <span className="artist-card-type">{t(ARTIST_TYPE_LABELS[artist.type])}</span>
        <span className="artist-card-name">{artist.name}</span>
        {artist.subName ? <span className="artist-card-sub">{artist.subName}</span> : null}
      </span>
      <ArtistTags tags={artist.tags} closed={artist.isClose} />
    </Link>
  );
}

export function ArtistGrid({ artists }: { artists: Artist[] }) {
  return (
    <ul className="artist-grid">
      {artists.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} />
        </li>
      ))}
    </ul>
  );
}
