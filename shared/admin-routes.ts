/**
 * The operator console's route table (issue 19), served on its own listener (ADMIN_PORT) and
 * never by the shop's public port. Paths are typed here once; pages and links use `adminHref`.
 */
export const ADMIN_ROUTES = {
  home: { path: '/' },
  login: { path: '/login' },
  setup: { path: '/setup/:token' },
} as const;

export type AdminRouteId = keyof typeof ADMIN_ROUTES;

export function adminHref(id: AdminRouteId, params: Record<string, string> = {}): string {
  return ADMIN_ROUTES[id].path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
