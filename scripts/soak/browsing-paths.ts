async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined;
}

/**
 * What a visitor browses in `npm run soak` and `npm run soak:cluster`, read through `publicUrl` (the shop, or HAProxy):
 * pages, artist and news pages of the demo catalogue, API calls, the entry scripts.
 */
export async function browsingPaths(publicUrl: string): Promise<string[]> {
  const artists = await getJson(`${publicUrl}/api/artist`);
  const news = await getJson(`${publicUrl}/api/news`);
  const slugs = (Array.isArray(artists) ? artists : []).map((a) => field(a, 'slug')).filter((s) => typeof s === 'string');
  const newsIds = (Array.isArray(news) ? news : []).map((n) => field(n, 'id')).filter((id) => typeof id === 'number');
  const html = await (await fetch(`${publicUrl}/`, { signal: AbortSignal.timeout(10_000) })).text();
  const scripts = [...new Set([...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '/'))];
  return [
    '/', '/lineup', '/lineupClose', '/news', '/faq', '/howto', '/mypage/login', '/no-such-page',
    ...slugs.slice(0, 8).map((slug) => `/lineup/${slug}`),
    ...newsIds.slice(0, 4).map((id) => `/news/${id}`),
    '/api/artist', '/api/banner', '/api/news', '/api/login/loginStatus',
    ...scripts,
  ];
}
