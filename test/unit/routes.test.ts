import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, ROUTES, href, loginHref, safeReturnPath, type RouteAccess } from '../../shared/routes.ts';

/** docs/spec.md §2, typed out literally (misspellings included) so the table cannot drift from it. */
const SPEC_PATHS = [
  '/',
  '/faq',
  '/howto',
  '/transactions',
  '/privacy',
  '/terms',
  '/mypage/login',
  '/mypage/signup',
  '/mypage/reminder',
  '/mypage/profile',
  '/mypage/profile/password',
  '/mypage/profile/email',
  '/mypage/profile/payment',
  '/mypage/profile/adress',
  '/mypage/plan',
  '/mypage/plan/:slug/:planId/delete',
  '/mypage/orderHistroy',
  '/mypage/orderHistroy/:id/receipt',
  '/news',
  '/news/:id',
  '/lineup',
  '/lineupClose',
  '/lineup/cogimyun_nuigurumi',
  '/lineup/daruma_nuigurumi',
  '/lineup/:slug',
  '/lineup/:slug/:no',
  '/lineup/:slug/plan/:planId/checkout',
  '/lineup/:slug/plan/:planId/complete',
  '/category/re-box',
];

/**
 * Beyond docs/spec.md §2, and listed with it below: the confirmation pages of skip and pause, beside
 * the cancel page (issue 18), and of a tier or quantity change (issue 30); the fan's 特典 (issue 33); a konbini
 * checkout's voucher (issue 34).
 */
const ADDED_PATHS = ['/mypage/plan/:slug/:planId/skip', '/mypage/plan/:slug/:planId/pause', '/mypage/plan/:slug/:planId/change', '/mypage/tokuten', '/mypage/payment/checkout/:userPlanId'];

const paths = Object.values(ROUTES).map((r) => r.path);

describe('ROUTES', () => {
  it('has every route of docs/spec.md §2, spelled as the spec spells it, and no other', () => {
    expect(SPEC_PATHS).toHaveLength(29);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...ADDED_PATHS].sort());
  });

  it('keys each route by its own id and writes each path once', () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.id).toBe(key);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('lists the parameters each path names', () => {
    for (const route of Object.values(ROUTES)) {
      const named = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(named).toEqual([...route.params]);
    }
  });

  it('protects the account pages and keeps the shop public', () => {
    const expected: Record<string, RouteAccess> = {
      '/mypage/profile': 'user',
      '/mypage/profile/adress': 'user',
      '/mypage/plan': 'user',
      '/mypage/plan/:slug/:planId/delete': 'user',
      '/mypage/plan/:slug/:planId/skip': 'user',
      '/mypage/plan/:slug/:planId/change': 'user',
      '/mypage/plan/:slug/:planId/pause': 'user',
      '/mypage/orderHistroy': 'user',
      '/mypage/orderHistroy/:id/receipt': 'user',
      '/mypage/profile/password': 'secure',
      '/mypage/profile/email': 'secure',
      '/mypage/profile/payment': 'secure',
      '/': 'public',
      '/mypage/login': 'public',
      '/mypage/signup': 'public',
      '/mypage/reminder': 'public',
      '/lineup': 'public',
      '/lineup/:slug': 'public',
      '/news/:id': 'public',
      '/category/re-box': 'public',
    };
    const byPath = new Map(Object.values(ROUTES).map((r) => [r.path, r.access]));
    for (const [path, access] of Object.entries(expected)) expect([path, byPath.get(path)]).toEqual([path, access]);
  });
});

describe('href', () => {
  it('returns the path of a route without parameters', () => {
    expect(href('home')).toBe('/');
    expect(href('profileAddress')).toBe('/mypage/profile/adress');
    expect(href('orderHistory')).toBe('/mypage/orderHistroy');
  });

  it('fills in the parameters', () => {
    expect(href('artist', { slug: 'hoshino_mirai' })).toBe('/lineup/hoshino_mirai');
    expect(href('checkout', { slug: 'amane', planId: 12 })).toBe('/lineup/amane/plan/12/checkout');
    expect(href('planDelete', { slug: 'a', planId: 3 })).toBe('/mypage/plan/a/3/delete');
    expect(href('planSkip', { slug: 'a', planId: 3 })).toBe('/mypage/plan/a/3/skip');
    expect(href('planPause', { slug: 'a', planId: 3 })).toBe('/mypage/plan/a/3/pause');
    expect(href('planChange', { slug: 'a', planId: 3 })).toBe('/mypage/plan/a/3/change');
    expect(href('receipt', { id: 7 })).toBe('/mypage/orderHistroy/7/receipt');
  });

  it('URI-encodes parameters so they cannot add path segments', () => {
    expect(href('artist', { slug: 'a/b?c#d' })).toBe('/lineup/a%2Fb%3Fc%23d');
    expect(href('newsDetail', { id: '星 1' })).toBe(`/news/${encodeURIComponent('星')}%201`);
  });

  it('refuses a missing parameter', () => {
    expect(() => href('artist', {} as { slug: string })).toThrow(/slug/);
  });
});

describe('loginHref', () => {
  it('puts the return path in the url query parameter, encoded', () => {
    expect(loginHref('/mypage/plan')).toBe('/mypage/login?url=%2Fmypage%2Fplan');
    expect(loginHref('/mypage/plan?x=1&y=2')).toBe('/mypage/login?url=%2Fmypage%2Fplan%3Fx%3D1%26y%3D2');
    const url = new URL(loginHref('/mypage/orderHistroy/3/receipt'), 'http://shop.test');
    expect(url.searchParams.get('url')).toBe('/mypage/orderHistroy/3/receipt');
  });
});

describe('safeReturnPath', () => {
  it.each(['/mypage/plan?x=1', '/', '/lineup/hoshino_mirai#plans'])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each(['//evil.com', 'https://evil.com', '\\\\evil', '/\\evil.com', 'evil.com', 'javascript:alert(1)', '', null, undefined])(
    'refuses %s and falls back to /',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );

  // Regression: browsers drop tabs and newlines from URLs, so '/\t/evil.com' is '//evil.com' to
  // them and leaves the site.
  const CONTROL_CHAR_PATHS = ['/\t/evil.com', '/\n/evil.com', '/\r/evil.com'];

  it.each(CONTROL_CHAR_PATHS)('%j is read by the URL parser as another host', (value) => {
    expect(new URL(value, 'https://shop.example').host).toBe('evil.com');
  });

  it.each(CONTROL_CHAR_PATHS)('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('keeps a path up to RETURN_PATH_MAX_LENGTH and refuses a longer one', () => {
    const longest = `/lineup?q=${'a'.repeat(RETURN_PATH_MAX_LENGTH - 10)}`;
    expect(safeReturnPath(longest)).toBe(longest);
    expect(safeReturnPath(`${longest}a`)).toBe('/');
  });
});

describe('safeReturnPath: resolved like a browser would', () => {
  it.each([
    ['/.//evil.com', 'dot segment that normalises to //evil.com'],
    ['/./\\evil.com', 'dot segment before a backslash'],
    ['/%2F%2Fevil.com', 'encoded slashes'],
    ['/%2f/evil.com', 'one encoded slash'],
    ['/%5Cevil.com', 'encoded backslash'],
    ['/%5c%5cevil.com', 'two encoded backslashes'],
    ['/\\/evil.com', 'backslash then slash'],
    ['/ /evil.com', 'a space'],
    ['/\u0000/evil.com', 'a NUL'],
    ['/\u007f/evil.com', 'DEL'],
    [' /mypage', 'leading whitespace'],
    ['http://evil.com/mypage', 'an absolute URL'],
    ['https:/evil.com', 'a scheme with one slash'],
    ['javascript:alert(1)//', 'a javascript: URL'],
    ['//evil.com/%2e%2e', 'a protocol-relative URL'],
    ['/../..//evil.com', 'dot-dot segments that climb to //evil.com'],
  ])('refuses %j (%s)', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it.each([
    ['/foo?x=//evil', '/foo?x=//evil'],
    ['/mypage/profile', '/mypage/profile'],
    ['/mypage/./profile', '/mypage/profile'],
    ['/lineup/../mypage/plan?x=1#top', '/mypage/plan?x=1#top'],
  ])('keeps %j as the normalised %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('returns a path that stays on the site when resolved again', () => {
    for (const value of ['/.//evil.com', '/a/..//evil.com', '/mypage?url=//x']) {
      expect(new URL(safeReturnPath(value), 'https://shop.example').host).toBe('shop.example');
    }
  });
});
