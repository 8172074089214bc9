import http from 'node:http';
import type { Config } from '../shared/config.ts';

/**
 * Limits for every listening server, suited to a load balancer in front (AWS ALB and most
 * others close idle connections after 60 s).
 */
export interface ServerLimits {
  /** Idle keep-alive sockets live longer than the balancer's, so the balancer always closes
   *  first and never sends a request down a socket we are closing (a 502 at the balancer). */
  keepAliveTimeout: number;
  /** Whole request, headers and body: cuts slowloris clients and stalled uploads (answers 408). */
  requestTimeout: number;
  /** Headers alone: a browser sends them in milliseconds. */
  headersTimeout: number;
  /** Sockets above the cap are dropped at once instead of exhausting memory or descriptors. */
  maxConnections: number;
  maxHeadersCount: number;
}

const KEEP_ALIVE_MS = 65_000;
const HEADERS_MS = 10_000;

export function serverLimitsFrom(config: Pick<Config, 'REQUEST_TIMEOUT_MS' | 'MAX_CONNECTIONS'>): ServerLimits {
  return {
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Node ≥ 18 requires headersTimeout ≤ requestTimeout and no longer counts the idle wait of a
    // keep-alive socket against it, so the old advice "headersTimeout > keepAliveTimeout" for
    // load balancers does not apply: keep-alive sockets are governed by keepAliveTimeout alone.
    headersTimeout: Math.min(HEADERS_MS, config.REQUEST_TIMEOUT_MS),
    maxConnections: config.MAX_CONNECTIONS,
    maxHeadersCount: 100,
  };
}

/** An HTTP server with the limits applied; main.ts and the process tests build servers here. */
export function createLimitedServer(limits: ServerLimits, handler: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeout,
      headersTimeout: limits.headersTimeout,
      keepAliveTimeout: limits.keepAliveTimeout,
      // How often Node looks for requests past their timeouts (default 30 s, which would let a
      // slow client live up to twice as long as the timeout says).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeout),
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeout;
  server.maxConnections = limits.maxConnections;
  server.maxHeadersCount = limits.maxHeadersCount;
  return server;
}
