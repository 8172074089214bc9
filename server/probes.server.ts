import type { Express } from 'express';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the API it needs answers),
 * mounted first on the shop's and the console's listeners so a probe answers whatever its Host.
 */
export function mountProbes(app: Express, checkApi?: () => Promise<boolean>): void {
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    const ok = checkApi ? await checkApi().catch(() => false) : true;
    res.status(ok ? 200 : 503).json({ ok });
  });
}
