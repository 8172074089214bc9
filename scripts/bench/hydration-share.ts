import { pageDataText } from './page-script.ts';

/** A page's hydration data against the whole document, in bytes as written (before compression). */
export interface HydrationShare {
  path: string;
  htmlBytes: number;
  /** The data block's JSON (server/ssr/hydration.server.ts): the router's data, the public config, the scripts to load. */
  dataBytes: number;
  /** Of which the router's hydration data (`h`) alone. */
  routerDataBytes: number;
}

/** Issue 35: the hydration data of /lineup at most this share of its HTML. */
export const HYDRATION_SHARE_GOAL = 0.2;

/** The page as an anonymous visitor gets it, uncompressed: every byte the browser parses. */
export async function measureHydrationShare(webUrl: string, path: string): Promise<HydrationShare> {
  const res = await fetch(new URL(path, webUrl), { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`hydration share: ${path} answered ${res.status}`);
  const html = Buffer.from(await res.arrayBuffer()).toString('utf8');
  const data = pageDataText(html);
  const { h } = JSON.parse(data) as { h: unknown };
  return { path, htmlBytes: Buffer.byteLength(html), dataBytes: Buffer.byteLength(data), routerDataBytes: Buffer.byteLength(JSON.stringify(h)) };
}

export const shareOf = (s: HydrationShare): number => s.dataBytes / s.htmlBytes;
