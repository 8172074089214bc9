import type { SocialType } from '../../shared/artist-types.ts';

/**
 * docs/spec.md §2: icons for the known social link kinds and a default for any other. Simple, original
 * glyphs (not the services' logos), drawn on a 24×24 grid in the current text colour.
 */
const GLYPHS: Record<SocialType, string> = {
  FACEBOOK: 'M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6H16.6V4.3c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.4-4 4.1v2.2H7.6v3h2.6V21z',
  TWITTER: 'M4 4h4.2l4 5.6L17 4h2.6l-6.2 7.3L20 20h-4.2l-4.3-6-5.1 6H3.8l6.5-7.6z',
  LINE: 'M12 4C7 4 3 7.2 3 11.2c0 3.5 3.1 6.5 7.4 7.1.3.1.7.2.8.5.1.2 0 .6 0 .8l-.1.8c0 .2-.2.9.8.5s5.4-3.2 7.4-5.5C20.6 14 21 12.6 21 11.2 21 7.2 17 4 12 4zM8 13.4H6.3V9h1v3.4H8zm1.8 0h-1V9h1zm4.4 0h-1l-1.7-2.4v2.4h-1V9h1l1.7 2.4V9h1zm3.2-3.4h-1.7v.7h1.7v1h-1.7v.7h1.7v1h-2.7V9h2.7z',
  OFFICIAL: 'M12 3 2.5 11h2.7v9h5.1v-5.5h3.4V20h5.1v-9h2.7z',
  YOUTUBE: 'M21.6 7.2c-.2-.9-.9-1.6-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4c-.9.2-1.6.9-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8c.2.9.9 1.6 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4c.9-.2 1.6-.9 1.8-1.8.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  NICONICO: 'M4 8h16a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm3-5 5 4 5-4 1 1-4.5 4h-3L6 4zm1 9.5a1.3 1.3 0 1 0 0 .1zm8 0a1.3 1.3 0 1 0 0 .1z',
  INSTAGRAM: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM16.8 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
  TWITCH: 'M5 3 3.5 7v12h4v2h2.3l2-2h3.2l4.5-4.5V3zm13.5 10.8-2.6 2.7h-4l-2 2v-2H6.5V4.5h12zM15.5 7.5H14v4.6h1.5zm-4 0H10v4.6h1.5z',
};

/** A chain link: the default for any other kind of link. */
const DEFAULT_GLYPH =
  'M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 19a4.5 4.5 0 0 1-3.2-7.7l2.1-2.1 1.4 1.4-2.1 2.1a2.5 2.5 0 0 0 3.5 3.5l2.1-2.1 1.4 1.4-2.1 2.1A4.5 4.5 0 0 1 8.5 19zm8-4.3-1.4-1.4 2.1-2.1a2.5 2.5 0 0 0-3.5-3.5l-2.1 2.1-1.4-1.4 2.1-2.1a4.5 4.5 0 0 1 6.4 6.4z';

const NAMES: Record<SocialType, string> = {
  FACEBOOK: 'Facebook',
  TWITTER: 'X (Twitter)',
  LINE: 'LINE',
  OFFICIAL: '公式サイト',
  YOUTUBE: 'YouTube',
  NICONICO: 'ニコニコ',
  INSTAGRAM: 'Instagram',
  TWITCH: 'Twitch',
};

function isKnown(type: string): type is SocialType {
  return type in GLYPHS;
}

/** The accessible name of a link kind, e.g. "YouTube"; unknown kinds fall back to a label or "リンク". */
export function socialName(type: string, label?: string): string {
  return label ?? (isKnown(type) ? NAMES[type] : 'リンク');
}

export function SocialIcon({ type, title }: { type: string; title: string }) {
  return (
    <svg className="social-icon" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label={title} data-social={isKnown(type) ? type : 'DEFAULT'}>
      <path d={isKnown(type) ? GLYPHS[type] : DEFAULT_GLYPH} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
