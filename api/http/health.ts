import { Router } from 'express';
import { sql } from 'kysely';
import type { ApiContext } from '../context.ts';

/** How long readiness waits for `select 1`: a load balancer's probe must not hang on an outage. */
export const READY_DEADLINE_MS = 2_000;

/**
 * `/healthz` is liveness: the process answers, whatever the database does (restarting the process
 * would not bring PostgreSQL back). `/readyz` is readiness: this copy can serve, so it asks the
 * database with a deadline. https://kubernetes.io/docs/concepts/configuration/liveness-readiness-startup-probes/
 */
export function healthRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ ok: true });
  });
  router.get('/readyz', async (req, res) => {
    const database = await checkDatabase(ctx).catch((error: unknown) => {
      req.log?.warn({ err: error }, 'readiness: database check failed');
      return false;
    });
    res.set('cache-control', 'no-store').status(database ? 200 : 503).json({ ok: database, database });
  });
  return router;
}

async function checkDatabase(ctx: ApiContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${READY_DEADLINE_MS} ms`)), READY_DEADLINE_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(ctx.db), deadline]);
    return true;
  } finally {
    clearTimeout(timer);
  }
}
