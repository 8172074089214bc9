import type { Text } from '../text.ts';

/**
 * The console's media library (issue 32, docs/decisions/0082-media-library.md): the pictures
 * stored under /api/media, each with where the catalogue uses it, listed newest first.
 */
export const MEDIA_PAGE_SIZE = 48;
export const MEDIA_MAX_PAGE = 1000;
export const MEDIA_NAME_MAX = 200;
export const MEDIA_URL_PREFIX = '/api/media/';

/** The catalogue's picture fields, each a `/api/media/…` URL. */
export type MediaUseKind = 'artist.icon' | 'artist.cover' | 'banner' | 'goods';

export interface MediaUse {
  kind: MediaUseKind;
  /** The artist's, banner's or round's id (goods are edited on their round's page). */
  id: number;
  label: string;
}

export interface MediaImage {
  path: string;
  url: string;
  /** The uploaded file's name; empty for pictures stored before the library (migration 0027). */
  name: string;
  contentType: string;
  bytes: number;
  uploadedAt: string;
  usedBy: MediaUse[];
}

export interface MediaPage {
  images: MediaImage[];
  page: number;
  hasNext: boolean;
}

export const MEDIA_USE_LABELS: Record<MediaUseKind, Text> = {
  'artist.icon': { ja: 'アーティストのアイコン', en: 'artist icon' },
  'artist.cover': { ja: 'アーティストのカバー', en: 'artist cover' },
  banner: { ja: 'バナー', en: 'banner' },
  goods: { ja: 'お届け回の商品', en: 'round goods' },
};

/** One use as a phrase: 「アーティストのアイコン（星野ミライ）」. */
export function describeMediaUse(use: MediaUse): Text {
  const what = MEDIA_USE_LABELS[use.kind];
  return { ja: `${what.ja}（${use.label}）`, en: `${what.en} (${use.label})` };
}

/** Why a picture is not deleted: every place that shows it, so the operator knows what to change first. */
export function mediaInUseText(uses: MediaUse[]): Text {
  const phrases = uses.map(describeMediaUse);
  return {
    ja: `この画像は使われているため削除できません。先に次の画像を変えてください: ${phrases.map((p) => p.ja).join('、')}`,
    en: `This picture is in use and cannot be deleted. Change the picture of these first: ${phrases.map((p) => p.en).join(', ')}`,
  };
}

export const MEDIA_PATH_TEXT: Text = { ja: '画像のパス（path）が正しくありません。', en: 'The picture path (path) is not valid.' };

/** `/api/media/uploads/icon/ab.webp` → `uploads/icon/ab.webp`; anything else is not a library picture. */
export function mediaPathOf(url: string): string | undefined {
  return url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined;
}
