/**
 * Cross-site request refusal for unsafe methods (OWASP CSRF cheat sheet, "Fetch Metadata" with
 * an `Origin` fallback). Both tiers use this one rule: the web tier for server-side form actions,
 * the API for direct calls. A request without either header (curl, a server) is not a browser's
 * cross-site request, so it passes; the session cookie's SameSite=Lax guards the rest.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfInput {
  method: string;
  /** The `Sec-Fetch-Site` request header. */
  secFetchSite?: string | undefined;
  /** The `Origin` request header. */
  origin?: string | undefined;
  /** Origins that may send unsafe requests: the shop's public origin (and the API's own). */
  allowedOrigins: readonly string[];
}

export function isCrossSiteRequest({ method, secFetchSite, origin, allowedOrigins }: CsrfInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite) return secFetchSite !== 'same-origin' && secFetchSite !== 'none';
  if (!origin) return false;
  return origin === 'null' || !allowedOrigins.includes(origin);
}
