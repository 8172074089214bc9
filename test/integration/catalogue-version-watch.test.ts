import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express, { type Express } from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { watchCatalogueVersion, type CatalogueVersionWatch } from '../../server/catalogue-version.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';

/**
 * The web tier's catalogue-version watch (server/catalogue-version.server.ts) against the real API
 * on a loopback port, over PGlite or PostgreSQL (DATABASE_URL). A catalogue write is a real one
 * (the triggers of migration 0014 move the version); the API is slowed or stopped the way a busy
 * or dead one would be.
 */
const INTERVAL_MS = 100;

let database: TestDatabase;
let api: Express;
/** Every fetch this file makes goes through as it would; the spy only counts the watch's polls. */
const fetchSpy = vi.spyOn(globalThis, 'fetch');
const watches: CatalogueVersionWatch[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  api = createApiApp({ db: database.handle.db, logger: silentLogger, now: () => new Date(), publicOrigin: testConfig().PUBLIC_ORIGIN, mailer });
});
afterEach(async () => {
  for (const watch of watches.splice(0)) watch.stop();
  await Promise.all(servers.splice(0).map(closeServer));
});
afterAll(async () => {
  fetchSpy.mockRestore();
  await database?.destroy();
});

/** The API behind a door that counts requests, how many are open at once, and can answer late. */
async function serveApi(port = 0) {
  const door = { delayMs: 0, requests: 0, open: 0, mostOpen: 0 };
  const app = express();
  app.use((_req, res, next) => {
    door.requests += 1;
    door.open += 1;
    door.mostOpen = Math.max(door.mostOpen, door.open);
    res.once('close', () => (door.open -= 1));
    setTimeout(next, door.delayMs);
  });
  app.use(api);
  const { server, url } = await listenOnLoopback(app, port);
  servers.push(server);
  return { door, server, url, port: (server.address() as AddressInfo).port };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function logSink() {
  const lines: { level: number; msg: string; reason?: string; failures?: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as (typeof lines)[number]);
      callback();
    },
  });
  return { lines, logger: createLogger('info', 'web', sink) };
}

function watch(apiOrigin: string, options: { intervalMs?: number; timeoutMs?: number } = {}) {
  const log = logSink();
  // `poll`: which poll (1st, 2nd, ...) saw the change; none starts before the previous has ended.
  const changes: { version: string; poll: number }[] = [];
  const w = watchCatalogueVersion({
    apiOrigin,
    intervalMs: options.intervalMs ?? INTERVAL_MS,
    timeoutMs: options.timeoutMs ?? 2000,
    logger: log.logger,
    onChange: (version) => changes.push({ version, poll: pollsTo(apiOrigin) }),
  });
  watches.push(w);
  return { w, changes, log };
}

async function storedVersion(): Promise<string> {
  const row = await database.handle.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
  return String(row.version);
}

async function publishNews(title: string): Promise<void> {
  await database.handle.db.insertInto('news').values({ title, message: `${title}の本文`, publish_state: 'published' }).execute();
}

const WAIT = { timeout: 10_000, interval: 20 };

/**
 * The watch's polls never overlap (the next one is scheduled when the previous has ended), so the
 * (n + 1)th poll starting means the nth has been read and acted on. Waiting for a number of polls
 * instead of a number of milliseconds keeps "nothing happened" checks true on a busy machine.
 */
function pollsTo(origin: string): number {
  return fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(origin)).length;
}
async function afterPolls(origin: string, finished: number): Promise<void> {
  const target = pollsTo(origin) + finished + 1;
  await expect.poll(() => pollsTo(origin), WAIT).toBeGreaterThanOrEqual(target);
}

describe('watchCatalogueVersion', () => {
  it('reads the version, then calls onChange once per change, by the first poll that starts after the write', async () => {
    const { url } = await serveApi();
    const { w, changes } = watch(url);
    await expect.poll(() => w.current(), WAIT).toBe(await storedVersion());
    await afterPolls(url, 2);
    expect(changes).toEqual([]);

    for (const title of ['一つ目', '二つ目', '三つ目']) {
      await publishNews(title);
      // The poll under way may have read before the commit; the next one must see it.
      const lastPollBeforeWrite = pollsTo(url);
      const expected = await storedVersion();
      await expect.poll(() => changes.at(-1)?.version, WAIT).toBe(expected);
      expect(changes.at(-1)?.poll).toBeLessThanOrEqual(lastPollBeforeWrite + 1);
    }
    // Two statements in one transaction: one bump at its commit, one change seen.
    await database.handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('news').values({ title: '四つ目', message: '本文', publish_state: 'published' }).execute();
      await trx.updateTable('news').set({ publish_state: 'draft' }).where('title', '=', '一つ目').execute();
    });
    await expect.poll(() => changes.length, WAIT).toBe(4);
    await afterPolls(url, 3);
    expect(changes.map((c) => c.version)).toHaveLength(4);
    expect(new Set(changes.map((c) => c.version)).size).toBe(4);
    expect(w.current()).toBe(await storedVersion());
  });

  it('never has two polls open at once, however slowly the API answers', async () => {
    const { url, door } = await serveApi();
    door.delayMs = 500;
    const { w } = watch(url, { intervalMs: 100 });
    await expect.poll(() => w.current(), WAIT).not.toBeNull();
    // Three slow answers after the first: an overlapping watch would have had several open by now.
    await afterPolls(url, 3);
    expect(door.mostOpen).toBe(1);
  });

  it('keeps the last version through a slow or dead API, logs one warning, and carries on when it is back', async () => {
    const first = await serveApi();
    const { w, changes, log } = watch(first.url, { intervalMs: 100, timeoutMs: 300 });
    await expect.poll(() => w.current(), WAIT).not.toBeNull();
    const known = w.current();

    first.door.delayMs = 1000; // past the poll's deadline
    await expect.poll(() => log.lines.filter((l) => l.level === 40).length, WAIT).toBe(1);
    await closeServer(first.server); // then gone
    await afterPolls(first.url, 3);
    expect(w.current()).toBe(known);
    const warnings = log.lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.reason).toMatch(/TimeoutError/);
    expect(warnings[0]?.msg).toMatch(/keeping the last version/);

    await publishNews('停止中の変更');
    await serveApi(first.port);
    await expect.poll(() => changes.map((c) => c.version), WAIT).toEqual([await storedVersion()]);
    expect(log.lines.filter((l) => l.level === 30 && /answers again/.test(l.msg))).toHaveLength(1);
    expect(log.lines.filter((l) => l.level === 40)).toHaveLength(1);
  });

  it('starts without an API: no throw, no version, one warning; the first read later is not a change', async () => {
    const { port, server } = await serveApi();
    await closeServer(server);
    const origin = `http://127.0.0.1:${port}`;
    const { w, changes, log } = watch(origin, { intervalMs: 100, timeoutMs: 300 });
    await afterPolls(origin, 3);
    expect(w.current()).toBeNull();
    expect(log.lines.map((l) => [l.level, l.failures])).toEqual([[40, 1]]);
    expect(log.lines[0]?.reason).toMatch(/fetch failed/);

    await serveApi(port);
    await expect.poll(() => w.current(), WAIT).toBe(await storedVersion());
    expect(changes).toEqual([]);
  });

  it('stops: no poll after stop(), and no onChange or log for the one it cut short', async () => {
    const { url, door } = await serveApi();
    const { w, changes, log } = watch(url, { intervalMs: 100 });
    await expect.poll(() => w.current(), WAIT).not.toBeNull();
    door.delayMs = 300;
    await expect.poll(() => door.open, WAIT).toBe(1);
    await publishNews('止めた後の変更');
    w.stop();
    const requests = door.requests;
    const polls = pollsTo(url);
    // A second watch at the same interval polls three times meanwhile: the stopped one would have
    // polled at least once in that time.
    const metronome = await serveApi();
    watch(metronome.url, { intervalMs: 100 });
    await afterPolls(metronome.url, 3);
    await expect.poll(() => door.open, WAIT).toBe(0);
    expect(door.requests).toBe(requests);
    expect(pollsTo(url)).toBe(polls);
    expect(changes).toEqual([]);
    expect(log.lines).toEqual([]);
  });
});
