import type { Config } from '../../shared/config.ts';

/**
 * The hops the API lets name the client (Express `trust proxy`): TRUST_PROXY, read as the web tier
 * reads it, because whatever sits between a shopper and the API (the balancer, the web copies,
 * HAProxy in deploy/) must be trusted for the throttles to see the shopper, not the last hop.
 * The web tier replaces any client `X-Forwarded-For` with the one address it trusts
 * (server/forwarded.server.ts), so behind trusted hops the API reads exactly that address.
 * In role `all` the web tier and the console of this process call the API over loopback: loopback
 * is trusted too there, else a TRUST_PROXY naming only the balancer would make every shopper the
 * same 127.0.0.1 (docs/decisions/0048-api-trusted-hops.md).
 */
export function apiTrustedHops(trustProxy: Config['TRUST_PROXY'], localTiers: boolean): Config['TRUST_PROXY'] {
  if (!localTiers || typeof trustProxy === 'number' || trustProxy.includes('loopback')) return trustProxy;
  return ['loopback', ...trustProxy];
}
