import type http from 'node:http';
import type { Logger } from 'pino';
import type { DrainState } from './drain.server.ts';

export interface ShutdownPlan {
  state: DrainState;
  /** Closed in order, each stage after the previous one drained: the web tier before the API
   *  it calls, so the web's in-flight requests never find the API gone. */
  stages: http.Server[][];
  /** Run after every stage (database pools, the metrics server). */
  closers: (() => Promise<void>)[];
  /** From the signal to exit, whatever clients or the API do. */
  timeoutMs: number;
  /** Readiness fails and every response says `Connection: close` this long before the servers
   *  stop accepting and cut idle keep-alive sockets: the load balancer's probe sees the 503, and
   *  keep-alive clients are told to leave instead of having a socket closed under a request that
   *  is already on the wire (the keep-alive race; a load balancer answers it with a 502). */
  delayMs: number;
  logger: Logger;
}

const IDLE_SWEEP_MS = 100;
const CLOSERS_LIMIT_MS = 1000;

/**
 * Graceful shutdown (SIGTERM/SIGINT): readiness off, in-flight requests finish, idle keep-alive
 * sockets close, tiers close in order; at the deadline the remaining connections are cut.
 * Resolves to how it ended; the caller exits.
 */
export async function shutDown(plan: ShutdownPlan): Promise<'drained' | 'forced'> {
  plan.state.draining = true;
  const all = plan.stages.flat();
  let forced = false;
  const deadline = sleep(plan.timeoutMs).then(async () => {
    forced = true;
    const open = await Promise.all(all.map(countConnections));
    plan.logger.warn({ connections: open.reduce((a, b) => a + b, 0), timeoutMs: plan.timeoutMs }, 'shutdown deadline reached: closing the remaining connections');
    for (const server of all) server.closeAllConnections();
  });
  const drain = async (): Promise<void> => {
    if (plan.delayMs > 0) await sleep(plan.delayMs);
    for (const stage of plan.stages) await Promise.all(stage.map(closeGracefully));
  };
  await Promise.race([drain(), deadline]);
  await Promise.race([Promise.allSettled(plan.closers.map((close) => close())), sleep(CLOSERS_LIMIT_MS)]);
  return forced ? 'forced' : 'drained';
}

/** Stops accepting, then closes each keep-alive socket as soon as it has no request in flight. */
function closeGracefully(server: http.Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function countConnections(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_error, n) => resolve(n)));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
