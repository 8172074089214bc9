import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.ts';
import { webRouteOf } from '../../server/request-metrics.server.ts';

/** React Router's own answer: the label must be the pattern the page router picks. */
function routerLabel(path: string): string {
  const routes = Object.values(ROUTES).map((route) => ({ path: route.path }));
  return matchRoutes(routes, path)?.at(-1)?.route.path ?? 'unmatched';
}

describe('web route label', () => {
  const samples = [
    '/', '/faq', '/lineup', '/lineup/', '/LINEUP', '/lineupClose', '/lineup/hoshino_mirai', '/lineup/cogimyun_nuigurumi',
    '/lineup/daruma_nuigurumi', '/lineup/hoshino_mirai/3', '/lineup/hoshino_mirai/plan/1/checkout',
    '/lineup/hoshino_mirai/plan/1/complete', '/mypage/plan', '/mypage/plan/hoshino_mirai/2/delete', '/mypage/profile/adress',
    '/mypage/orderHistroy', '/mypage/orderHistroy/12/receipt', '/news/4', '/category/re-box', '/robots.txt', '/nope/x/y',
    ...Object.values(ROUTES).map((route) => route.path.replace(/:\w+/g, 'x1')),
  ];

  it.each(samples)('labels %s as React Router matches it', (path) => {
    expect(webRouteOf(path)).toBe(routerLabel(path));
  });

  it('groups assets, the API and probes, and drops the query string', () => {
    expect(webRouteOf('/assets/entry-ABC.js')).toBe('/assets/*');
    expect(webRouteOf('/api/artist/x?y=1')).toBe('/api/*');
    expect(webRouteOf('/healthz')).toBe('/healthz');
    expect(webRouteOf('/lineup/hoshino_mirai?lang=en')).toBe('/lineup/:slug');
  });
});
