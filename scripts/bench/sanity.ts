import { createApiClient } from '../../shared/api/client.ts';
import type { Endpoints } from './protocol.ts';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

async function get(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: await response.text() };
}

/**
 * Before any load: both renderers answer 200 with every artist of the API's lineup in their HTML,
 * and the proxy returns the very body the API does. Returns how many artists the page lists.
 */
export async function checkSameWork(e: Endpoints): Promise<number> {
  const data = await createApiClient({ baseUrl: e.apiUrl }).categoryArtists();
  if (!data.ok) throw new Error(`sanity: categoryArtist answered ${data.status}`);
  const artists = data.data.categories.flatMap((c) => c.artists);
  if (artists.length === 0) throw new Error('sanity: the seeded lineup is empty');

  for (const [label, url] of [['shop', `${e.webUrl}/lineup`], ['reference', `${e.referenceUrl}/lineup`]] as const) {
    const page = await get(url);
    if (page.status !== 200) throw new Error(`sanity: ${label} GET /lineup answered ${page.status}`);
    const missing = artists.filter((a) => !page.text.includes(escapeHtml(a.name)));
    if (missing.length > 0) throw new Error(`sanity: ${label} /lineup lacks ${missing.map((a) => a.name).join(', ')}`);
  }

  const [proxied, direct] = await Promise.all([get(`${e.webUrl}/api/artist`), get(`${e.apiUrl}/api/artist`)]);
  if (proxied.status !== 200 || direct.status !== 200) {
    throw new Error(`sanity: /api/artist answered ${proxied.status} (proxy) and ${direct.status} (direct)`);
  }
  if (proxied.text !== direct.text) throw new Error('sanity: the proxy and the API return different /api/artist bodies');
  return artists.length;
}
