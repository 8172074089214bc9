import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';
import { NOW, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { addBulkBoxes, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * Issue 19: "a round of 100,000 boxes exports in bounded memory". The boxes are made in SQL; the
 * file is read over a real socket by a reader that stops now and then. What the server holds is
 * what it has read from the database and not yet handed to the socket: the rows every query
 * returned (counted by a Kysely plugin, in bytes of the file) less the bytes the kernel took. It
 * must stay a few pages, whatever the round's size; an export that read the round at once, or
 * wrote without waiting for the reader, holds most of the file at the first pause. (The heap
 * itself is too noisy to bound here: the embedded database lives in the same process.)
 */
const BOXES = Number(process.env.EXPORT_BOXES ?? 100_000);
const MAX_HELD = 2 * 1024 * 1024; // about a dozen pages of 1,000 boxes
const MB = 1024 * 1024;
let database: TestDatabase;
let round: ExportRound;
let server: Server;
let url: string;
let rowsRead = 0;
let socket: Socket | undefined;

/** Counts the rows every query returns (the export's pages among them). */
const rowCounter: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
    rowsRead += args.result.rows.length;
    return args.result;
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  round = await seedExportRound(database.handle.db, 'export-bulk', NOW);
  await addBulkBoxes(database.handle.db, round, BOXES);
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  const db = database.handle.db.withPlugin(rowCounter);
  const app = createApiApp({ db, logger: silentLogger, now: () => NOW, publicOrigin: testConfig().PUBLIC_ORIGIN, mailer, ops: { token: TEST_OPS_TOKEN, hosts: [] } });
  ({ server, url } = await listenOnLoopback(app));
  server.on('connection', (s: Socket) => {
    socket = s;
  });
}, 120_000);
afterAll(async () => {
  server?.close();
  await database?.destroy();
});

it(`streams a round of ${BOXES.toLocaleString('en')} boxes a few pages ahead of its reader`, async () => {
  const samples: { rows: number; sent: number }[] = [];
  const sample = () => samples.push({ rows: rowsRead, sent: socket ? socket.bytesWritten - socket.writableLength : 0 });
  rowsRead = 0;
  const res = await fetch(`${url}/ops/shipments/export?round=${round.roundId}`, { headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` } });
  expect(res.status).toBe(200);
  let bytes = 0;
  let lines = 0;
  let pausedAt = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
    sample();
    if (bytes - pausedAt < MB) continue;
    // The reader stops; a server that does not wait for it reads on meanwhile.
    pausedAt = bytes;
    await new Promise((resolve) => setTimeout(resolve, 100));
    sample();
  }
  expect(lines).toBe(BOXES + 1);
  expect(rowsRead).toBe(BOXES + 1); // the round's own row (names, ship date), then its boxes
  const bytesPerRow = bytes / lines;
  const held = Math.max(...samples.map((s) => s.rows * bytesPerRow - s.sent));
  console.log(`round export: ${BOXES} boxes, ${(bytes / MB).toFixed(1)} MB, at most ${(held / MB).toFixed(2)} MB read and not yet handed to the socket`);
  expect(held).toBeLessThan(Math.min(MAX_HELD, bytes / 4));
}, 120_000);
