import { execFileSync, spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresShop } from './shop-database.ts';
import { adminDatabaseUrl } from './shop-setup.ts';
import { freePort, startShopProcess } from './shop-process.ts';

/**
 * `npm run bench:profile -- [path] [seconds] [dir]`: a CPU profile of role `web` (API in its own
 * process, on a fresh PostgreSQL database) under 10 connections on one path, then a summary of
 * where the time went (profile-summary.mjs). NOPROF=1 measures the same load without the profiler;
 * PROFILE_API=1 profiles the API process too (its summary follows, from `<dir>-api`). A path under
 * /mypage or a checkout is asked as the bench's signed-in shopper; `:planId` in the path is that
 * database's plan of the known artist (e.g. /lineup/hoshino_mirai/plan/:planId/checkout).
 */

const target = process.argv[2] ?? '/robots.txt';
const seconds = Number(process.argv[3] ?? 10);
const prof = process.argv[4] ?? path.join(os.tmpdir(), 'oshibox-profile');
const apiProf = process.env.PROFILE_API && !process.env.NOPROF ? `${prof}-api` : undefined;
for (const dir of apiProf ? [prof, apiProf] : [prof]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
}
const db = await createPostgresShop(adminDatabaseUrl());
const [w, a] = [await freePort(), await freePort()];
const env = { HOST: '127.0.0.1', PORT: String(w), API_PORT: String(a), API_ORIGIN: `http://127.0.0.1:${a}` };
// The API's profile is written when it exits on SIGTERM, as the web's is.
const api = await startShopProcess('api', { ...env, ...db.env }, apiProf ? ['--cpu-prof', `--cpu-prof-dir=${apiProf}`] : []);
const webUrl = `http://127.0.0.1:${w}`;
const profiler = process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${prof}`];
const child = spawn(process.execPath, [...profiler, 'dist/main.js', 'web'], {
  env: { ...process.env, NODE_ENV: 'production', METRICS_PORT: '0', SHUTDOWN_DELAY_MS: '0', ...env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
const deadline = Date.now() + 30_000;
while (!(await fetch(`${webUrl}/readyz`).then((res) => res.ok, () => false))) {
  if (Date.now() > deadline) throw new Error('profile: the web process did not get ready in 30 s');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const signedIn = target.startsWith('/mypage') || target.endsWith('/checkout');
const headers = signedIn ? { cookie: db.cookie } : {};
const url = `${webUrl}${target.replace(':planId', String(db.planId))}`;
await autocannon({ url, connections: 10, duration: 2, headers });
const r = await autocannon({ url, connections: 10, duration: seconds, headers });
console.log(target, 'req/s', r.requests.average, 'p50', r.latency.p50, 'bytes', r.throughput.average / r.requests.average);
child.kill('SIGTERM'); // the profile is written as it exits
await exited;
await api.stop();
await db.drop();
if (!process.env.NOPROF) execFileSync(process.execPath, [path.resolve('scripts/bench/profile-summary.mjs'), prof], { stdio: 'inherit' });
if (apiProf) {
  console.log('=== API process');
  execFileSync(process.execPath, [path.resolve('scripts/bench/profile-summary.mjs'), apiProf], { stdio: 'inherit' });
}
