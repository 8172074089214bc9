import { useId } from 'react';
import type { SocialLink } from '../../shared/api/types.ts';
import { useT } from '../lang.tsx';
import { SocialIcon, socialName } from './social-icon.tsx';

/** Only web links are rendered: the attribute is data and a `javascript:` URL must never be a link. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * The artist's own links (attribute.links) as icon buttons. The icon carries the accessible name;
 * each opens in a new tab without giving the other site a handle on this one.
 */
export function ArtistLinks({ links }: { links: readonly SocialLink[] }) {
  const t = useT();
  const hintId = useId();
  const shown = links.filter((link) => isWebUrl(link.url));
  if (shown.length === 0) return null;
  return (
    <>
      <ul className="artist-links" aria-label={t({ ja: '公式リンク', en: 'Official links' })}>
        {shown.map((link) => (
          <li key={`${link.type}-${link.url}`}>
            <a className="artist-link" href={link.url} target="_blank" rel="noopener noreferrer" aria-describedby={hintId}>
              <SocialIcon type={link.type} title={socialName(link.type, link.label)} />
            </a>
          </li>
        ))}
      </ul>
      <span id={hintId} className="visually-hidden">{t({ ja: '新しいタブで開きます', en: 'Opens in a new tab' })}</span>
    </>
  );
}
