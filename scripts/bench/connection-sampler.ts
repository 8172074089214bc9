import pg from 'pg';

/**
 * Peak PostgreSQL connections per application_name on one database, sampled every `everyMs`
 * from pg_stat_activity while a benchmark runs (each process names itself in its DATABASE_URL's
 * `application_name`, which node-postgres sends at connect).
 */
export interface ConnectionSampler {
  stop(): Promise<Record<string, number>>;
}

export async function sampleConnections(adminUrl: string, database: string, everyMs = 200): Promise<ConnectionSampler> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  await client.connect();
  const peaks: Record<string, number> = {};
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ name: string; n: string }>(
        `select application_name as name, count(*) as n from pg_stat_activity where datname = $1 group by 1`, [database],
      ).catch(() => ({ rows: [] }));
      for (const { name, n } of rows) peaks[name || '(unnamed)'] = Math.max(peaks[name || '(unnamed)'] ?? 0, Number(n));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end().catch(() => undefined);
      return peaks;
    },
  };
}
