import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pino } from 'pino';
import { openDatabase } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import type { CsvEncoding } from '../../api/shipping/csv-text.ts';
import { exportRound } from '../../api/shipping/round-export.ts';
import { carrierSettingsOf, type Config } from '../../shared/config.ts';
import type { ShippingLayoutId } from '../../shared/shipping-layout-names.ts';
import { createLogger } from '../../server/logger.server.ts';
import { describeErrorBody, describeOpsError } from './errors.ts';
import { operatorToken } from './remote.ts';

/** What `shipments export` writes: which round, in which layout (decision 0073) and encoding. */
export interface ExportRequest {
  round: number;
  layout: ShippingLayoutId;
  encoding: CsvEncoding;
}

/**
 * `shipments export`: the round's shipping list to `out` (stdout, redirected to a file), streamed
 * as it is read, from PostgreSQL directly or from the running API (PGlite). Returns why it failed.
 */
export async function runExport(config: Config, request: ExportRequest, out: NodeJS.WritableStream): Promise<string | undefined> {
  return config.DATABASE_URL ? exportDirect(config, request, out) : exportRemote(config, request, out);
}

/**
 * `--out <file>`: what `npm run ops -- … > file` cannot be, since npm writes its banner to stdout
 * first (issue 29). Written beside the file and renamed at the end: a refused or cut-short export
 * leaves no partial file, and an earlier one stays as it was.
 */
export async function exportToFile(config: Config, request: ExportRequest, file: string): Promise<string | undefined> {
  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { flags: 'wx' });
  const opened = new Promise<Error | undefined>((resolve) => out.once('open', () => resolve(undefined)).once('error', resolve));
  const cannotOpen = await opened;
  if (cannotOpen) return `cannot write ${file}: ${cannotOpen.message}`;
  const error = await runExport(config, request, out);
  await new Promise<void>((resolve) => out.end(resolve));
  if (error) {
    await rm(partial, { force: true });
    return error;
  }
  await rename(partial, file);
  return undefined;
}

async function exportDirect(config: Config, { round, layout, encoding }: ExportRequest, out: NodeJS.WritableStream): Promise<string | undefined> {
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'ops', pino.destination(2));
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  try {
    await migrate(database.db);
    const file = await exportRound(database.db, round, { encoding, layout, settings: carrierSettingsOf(config), windowDays: config.CONSOLIDATION_WINDOW_DAYS });
    await pipeline(Readable.from(file.chunks, { highWaterMark: 1 }), out, { end: false });
    return undefined;
  } catch (error) {
    return describeOpsError(error);
  } finally {
    await database.close();
  }
}

async function exportRemote(config: Config, { round, layout, encoding }: ExportRequest, out: NodeJS.WritableStream): Promise<string | undefined> {
  const token = await operatorToken(config);
  if (typeof token !== 'string') return token.error;
  let response: Response;
  try {
    response = await fetch(new URL('/ops/shipments/export', config.API_ORIGIN), {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ round, layout, encoding }),
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error);
    return `cannot reach the shop API at ${config.API_ORIGIN} (${reason}). Start the shop (npm start), or set DATABASE_URL to work on PostgreSQL directly.`;
  }
  if (!response.ok || !response.body) return describeErrorBody(response.status, await response.json().catch(() => null));
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), out, { end: false });
    return undefined;
  } catch {
    // The API cut the file short (it logs why): what was written is incomplete.
    return 'the API ended the file early: it is incomplete; see the API log';
  }
}
