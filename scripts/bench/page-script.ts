import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_DATA_ID } from '../../server/ssr/hydration.server.ts';

/**
 * The JavaScript a page starts with, as its server wrote it: the entry module (`e`) and the chunks
 * the loader modulepreloads beside it (`p`), from the page's data block
 * (server/ssr/hydration.server.ts). A page loads nothing else until the visitor navigates.
 */
export function pageScriptUrls(html: string): string[] {
  const data = JSON.parse(pageDataText(html)) as { e: string; p: string[] };
  return [data.e, ...data.p];
}

/** The JSON text of a page's data block, as the server wrote it. */
export function pageDataText(html: string): string {
  const text = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  if (text === undefined) throw new Error('the page has no data block');
  return text;
}

export interface ScriptBytes {
  files: number;
  raw: number;
  /** gzip, level 9: the `.gz` file the server sends (scripts/build/precompress.mjs). */
  gzip: number;
  /** Brotli, quality 11: the `.br` file the server sends to a browser that accepts it. */
  brotli: number;
}

/** A compressed variant's size, or the raw size where the build kept none (the server then sends it raw). */
async function sizeOr(file: string, raw: number): Promise<number> {
  return stat(file).then((s) => s.size, () => raw);
}

/**
 * Bytes of built assets (`/assets/…` URLs under `clientDir`, e.g. dist/client/admin), raw and as
 * the server sends them compressed; a file too small to be worth compressing counts raw.
 */
export async function scriptBytes(clientDir: string, urls: readonly string[]): Promise<ScriptBytes> {
  const sizes = await Promise.all(urls.map(async (url) => {
    const file = path.join(clientDir, url.replace(/^\//, ''));
    const raw = await readFile(file);
    const [gzip, brotli] = await Promise.all([sizeOr(`${file}.gz`, raw.length), sizeOr(`${file}.br`, raw.length)]);
    return { raw: raw.length, gzip, brotli };
  }));
  const total: ScriptBytes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  return sizes.reduce<ScriptBytes>((sum, s) => ({ files: sum.files + 1, raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), total);
}
