import type { Text } from './text.ts';

/** docs/spec.md §3, in the spec's order; the lineup groups categories in this order. */
export const ARTIST_TYPES = [
  'OTHER', 'VTUBER', 'YOUTUBER', 'TALENT', 'SPORTS', 'GAME', 'ANIME', 'ENTERTAINER', 'COMICS',
  'ARTIST', 'SINGER', 'VOICE_ACTOR', 'CHARACTER', 'LIVER', 'ILLUSTRATOR', 'EVENT',
] as const;

export type ArtistType = (typeof ARTIST_TYPES)[number];

/** Category labels; EVENT is shown as SPECIAL (docs/spec.md §3). */
export const ARTIST_TYPE_LABELS: Record<ArtistType, Text> = {
  OTHER: { ja: 'その他', en: 'Other' },
  VTUBER: { ja: 'VTuber', en: 'VTuber' },
  YOUTUBER: { ja: 'YouTuber', en: 'YouTuber' },
  TALENT: { ja: 'タレント', en: 'Talent' },
  SPORTS: { ja: 'スポーツ', en: 'Sports' },
  GAME: { ja: 'ゲーム', en: 'Game' },
  ANIME: { ja: 'アニメ', en: 'Anime' },
  ENTERTAINER: { ja: 'エンターテイナー', en: 'Entertainer' },
  COMICS: { ja: 'コミック', en: 'Comics' },
  ARTIST: { ja: 'アーティスト', en: 'Artist' },
  SINGER: { ja: '歌手・歌い手', en: 'Singer' },
  VOICE_ACTOR: { ja: '声優', en: 'Voice actor' },
  CHARACTER: { ja: 'キャラクター', en: 'Character' },
  LIVER: { ja: 'ライバー', en: 'Liver' },
  ILLUSTRATOR: { ja: 'イラストレーター', en: 'Illustrator' },
  EVENT: { ja: 'SPECIAL', en: 'SPECIAL' },
};

export function isArtistType(value: string): value is ArtistType {
  return (ARTIST_TYPES as readonly string[]).includes(value);
}

/** docs/spec.md §3 "another enumeration" (how a plan is displayed); the spec does not say what SPECIAL_LIST means. */
export const DISPLAY_TYPES = ['NORMAL', 'NORMAL2', 'SPECIAL', 'SPECIAL_LIST'] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];

/**
 * Our reading of SPECIAL_LIST: a plan kept off the artist's plan list (reachable by its own id
 * only). The spec leaves the meaning open; this is the one place that decides it.
 */
export function listedPlans<P extends { displayType: DisplayType }>(plans: readonly P[]): P[] {
  return plans.filter((plan) => plan.displayType !== 'SPECIAL_LIST');
}

/** Social link kinds with their own icon (docs/spec.md §2); any other kind gets the default icon. */
export const SOCIAL_TYPES = [
  'FACEBOOK', 'TWITTER', 'LINE', 'OFFICIAL', 'YOUTUBE', 'NICONICO', 'INSTAGRAM', 'TWITCH',
] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];
