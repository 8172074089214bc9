import { createPgliteShop, createPostgresShop, type ShopDatabase } from './shop-database.ts';
import { freePort, startShopProcess, type ShopEnv, type ShopProcess } from './shop-process.ts';

/** The shop as measured: its web URL, its API URL, the web process, and a signed-in shopper. */
export interface ShopSetup {
  name: string;
  webUrl: string;
  apiUrl: string;
  web: ShopProcess;
  /** The API process when it runs apart from the web one (PostgreSQL setup); role `all` has none. */
  api?: ShopProcess;
  /** The environment the web process was started with (the reference derives its config from it). */
  webEnv: Record<string, string>;
  cookie: string;
  planId: number;
  stop(): Promise<void>;
}

/** Where to create the benchmark's databases: `BENCH_DATABASE_URL`, else `DATABASE_URL`, else the local one. */
export function adminDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
}

async function portsEnv(): Promise<ShopEnv> {
  const [web, api] = [await freePort(), await freePort()];
  return { HOST: '127.0.0.1', PORT: String(web), API_PORT: String(api), API_ORIGIN: `http://127.0.0.1:${api}` };
}

async function stopAll(processes: (ShopProcess | undefined)[], db: ShopDatabase): Promise<void> {
  for (const p of processes) await p?.stop(); // web first, then the API it calls
  await db.drop();
}

/** Roles `api` and `web` in separate processes over a fresh, seeded PostgreSQL database. */
export async function startPostgresSetup(): Promise<ShopSetup> {
  const db = await createPostgresShop(adminDatabaseUrl());
  const webEnv = await portsEnv();
  let api: ShopProcess | undefined;
  let web: ShopProcess | undefined;
  try {
    api = await startShopProcess('api', { ...webEnv, ...db.env });
    web = await startShopProcess('web', webEnv);
  } catch (error) {
    await stopAll([web, api], db);
    throw error;
  }
  const [w, a] = [web, api];
  return {
    name: 'PostgreSQL, roles web + api in two processes',
    webUrl: w.url,
    apiUrl: a.apiUrl,
    web: w,
    api: a,
    webEnv,
    cookie: db.cookie,
    planId: db.planId,
    stop: () => stopAll([w, a], db),
  };
}

/** Role `all` (web and API in one process) on PGlite in a temporary DATA_DIR. */
export async function startPgliteSetup(): Promise<ShopSetup> {
  const db = await createPgliteShop();
  const webEnv = await portsEnv();
  const all = await startShopProcess('all', { ...webEnv, ...db.env }).catch(async (error: unknown) => {
    await db.drop();
    throw error;
  });
  return {
    name: 'PGlite, role all in one process',
    webUrl: all.url,
    apiUrl: all.apiUrl,
    web: all,
    webEnv,
    cookie: db.cookie,
    planId: db.planId,
    stop: () => stopAll([all], db),
  };
}
