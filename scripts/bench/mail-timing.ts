import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { freePort, startShopProcess } from './shop-process.ts';

/**
 * `npm run bench:mail-timing`: does `POST /api/mail/sendMail` answer an address with an account
 * later than one without (issue 29, decision 0004)? Role `all` (`node dist/main.js`, PGlite), as a
 * prober outside the process would time it: each request a new address (the per-address throttle)
 * and a new X-Forwarded-For (the per-client one; the web tier trusts loopback), known and unknown
 * addresses in a shuffled order, a pause after each so the mail work of one does not delay the
 * next. Through the web port (the in-process proxy) and the API port. Prints medians, the
 * difference and a two-sided Mann-Whitney p-value. SAMPLES=200 (per kind and port), SEED=29.
 */
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const PAUSE_MS = 40;
let seed = Number(process.env.SEED ?? 29);

/** mulberry32: a fixed seed gives the same order on every run. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

async function prepare(dataDir: string, known: number): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const users = Array.from({ length: known }, (_, i) => ({ email: `bench-known-${i}@example.com`, password_hash: 'scrypt$bench$not-a-real-hash', name: '推野 花子', payment_method: 'CARD' as const }));
    await database.db.insertInto('users').values(users).execute();
  } finally {
    await database.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let clients = 0;

/** One code request; the milliseconds until its whole answer is in. */
function timeRequest(baseUrl: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, type: 'reminder' });
  clients += 1;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/mail/sendMail?langType=ja`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': `198.18.${clients >> 8}.${clients & 255}` },
    }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`sendMail answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Two-sided Mann-Whitney U test, normal approximation with ties averaged. */
function mannWhitneyP(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j += 1;
    for (let k = i; k <= j; k += 1) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSumA = all.reduce((sum, x, i) => (x.g === 0 ? sum + ranks[i]! : sum), 0);
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  const z = Math.abs(u - mean) / sd;
  return 2 * (1 - normalCdf(z));
}

function normalCdf(z: number): number {
  // Abramowitz & Stegun 7.1.26 (error below 1.5e-7).
  const t = 1 / (1 + 0.3275911 * (z / Math.SQRT2));
  const erf = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(z * z) / 2);
  return 0.5 * (1 + erf);
}

const formatP = (p: number): string => (p < 1e-6 ? '< 1e-6' : `= ${p.toPrecision(2)}`);

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(label: string, baseUrl: string, offset: number): Promise<string> {
  const order = Array.from({ length: 2 * SAMPLES }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (const i of order) {
    const n = offset + (i >> 1);
    const isKnown = i % 2 === 0;
    const ms = await timeRequest(baseUrl, isKnown ? `bench-known-${n}@example.com` : `bench-unknown-${n}@example.com`);
    (isKnown ? known : unknown).push(ms);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  const k = median(known);
  const u = median(unknown);
  return `${label.padEnd(9)} known ${k.toFixed(2)} ms, unknown ${u.toFixed(2)} ms, difference ${(k - u).toFixed(2)} ms, Mann-Whitney p ${formatP(mannWhitneyP(known, unknown))} (n = ${SAMPLES} each)`;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'oshibox-mail-timing-'));
try {
  const warm = 20;
  await prepare(dataDir, 2 * SAMPLES + 2 * warm);
  const [port, apiPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const shop = await startShopProcess('all', {
    HOST: '127.0.0.1', PORT: String(port), API_PORT: String(apiPort), ADMIN_PORT: String(adminPort), API_ORIGIN: apiOrigin, DATA_DIR: dataDir, SEED_DEMO: 'false',
  });
  try {
    for (let i = 0; i < warm; i += 1) await timeRequest(shop.url, `bench-known-${2 * SAMPLES + i}@example.com`);
    console.log(`sendMail (reminder) timing, role all on PGlite, ${new Date().toISOString()}`);
    console.log(await measure('web port', shop.url, 0));
    console.log(await measure('API port', apiOrigin, SAMPLES));
  } finally {
    await shop.stop();
  }
} finally {
  agent.destroy();
  await rm(dataDir, { recursive: true, force: true });
}
