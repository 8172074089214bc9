/**
 * The operator console's route table (issue 19), served on its own listener (ADMIN_PORT) and
 * never by the shop's public port. Paths are typed here once; pages and links use `adminHref`.
 * `signedIn` pages sit inside the console's layout (navigation, who is signed in, logout),
 * whose loader sends anyone without a live staff session to the login page.
 */
export const ADMIN_ROUTES = {
  home: { path: '/', signedIn: true },
  rounds: { path: '/rounds', signedIn: true },
  round: { path: '/rounds/:id', signedIn: true },
  shipmentImport: { path: '/rounds/imports/:id', signedIn: true },
  billing: { path: '/billing', signedIn: true },
  billingRound: { path: '/billing/:id', signedIn: true },
  /** Issue 34: konbini payments returned by bank transfer. */
  refundTransfers: { path: '/refund-transfers', signedIn: true },
  reports: { path: '/reports', signedIn: true },
  login: { path: '/login', signedIn: false },
  setup: { path: '/setup/:token', signedIn: false },
  logout: { path: '/logout', signedIn: false },
  catalogue: { path: '/catalogue', signedIn: true },
  catalogueArtistNew: { path: '/catalogue/artists/new', signedIn: true },
  catalogueArtist: { path: '/catalogue/artists/:id', signedIn: true },
  catalogueArtistPreview: { path: '/catalogue/artists/:id/preview', signedIn: true },
  cataloguePlan: { path: '/catalogue/plans/:id', signedIn: true },
  catalogueImage: { path: '/catalogue/images', signedIn: true },
  catalogueMedia: { path: '/catalogue/media', signedIn: true },
  catalogueRound: { path: '/catalogue/rounds/:id', signedIn: true },
  /** Issue 33: a round's 特典, and an artist's milestone 特典. */
  catalogueRoundBonuses: { path: '/catalogue/rounds/:id/bonuses', signedIn: true },
  catalogueArtistBonuses: { path: '/catalogue/artists/:id/bonuses', signedIn: true },
  catalogueNews: { path: '/catalogue/news', signedIn: true },
  catalogueNewsItem: { path: '/catalogue/news/:id', signedIn: true },
  catalogueNewsPreview: { path: '/catalogue/news/:id/preview', signedIn: true },
  catalogueBanners: { path: '/catalogue/banners', signedIn: true },
  catalogueBanner: { path: '/catalogue/banners/:id', signedIn: true },
  catalogueBannerPreview: { path: '/catalogue/banners/:id/preview', signedIn: true },
  customers: { path: '/customers', signedIn: true },
  customer: { path: '/customers/:id', signedIn: true },
  orders: { path: '/orders', signedIn: true },
  staff: { path: '/staff', signedIn: true },
  audit: { path: '/audit', signedIn: true },
} as const;

export type AdminRouteId = keyof typeof ADMIN_ROUTES;

export function adminHref(id: AdminRouteId, params: Record<string, string> = {}): string {
  return ADMIN_ROUTES[id].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
