import type { ImageKind } from './api/catalogue-admin.ts';
import type { Text } from './text.ts';

/**
 * The console's picture uploads (issue 19): the bound on both hops (the console's action and the
 * API), and the size each kind of picture is made at. A picture larger is scaled down, never up.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A decoded picture's pixel bound: a small file may unpack into a huge bitmap. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_SIZES: Record<ImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  icon: { width: 512, height: 512, fit: 'cover' },
  cover: { width: 1600, height: 900, fit: 'inside' },
  banner: { width: 1600, height: 600, fit: 'inside' },
  box: { width: 1200, height: 1200, fit: 'inside' },
};

export const IMAGE_MESSAGES = {
  notImage: { ja: '画像はPNG・JPEG・WebPのファイルにしてください。', en: 'The picture must be a PNG, JPEG or WebP file.' },
  tooLarge: { ja: `画像は${MAX_IMAGE_BYTES / 1024 / 1024}MB以下にしてください。`, en: `The picture must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.` },
  missing: { ja: '画像ファイルを選んでください。', en: 'Choose a picture file.' },
} as const satisfies Record<string, Text>;
