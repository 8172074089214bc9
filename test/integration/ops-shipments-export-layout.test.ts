import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_LAYOUT_IDS, type ShippingLayoutId } from '../../shared/shipping-layout-names.ts';
import { SHIPPING_LAYOUTS } from '../../shared/shipping-layouts.ts';
import { listenOnLoopback } from '../support/stack.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';
import { startStaffApi, type StaffApi } from './api-staff-fixtures.ts';
import { addBox, addParcelBox, seedExportRound } from './round-export-fixtures.ts';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/**
 * `npm run ops -- shipments export --layout <id>` (issue 32): the carriers' layouts the console
 * exports (decision 0073), from the command line with the console's names, Shift_JIS unless
 * `--encoding utf8`, as the built dist/ops.js runs: against the running API (embedded database) and,
 * on PostgreSQL, on the database directly. The header line of each file is its layout's.
 */
const run = promisify(execFile);
let api: StaffApi;
let server: Server;
let url: string;
let roundId: number;
let dir: string;
/** A fan's boxes of two rounds shipping the same day (同梱): one parcel, in the first round's file. */
const parcel = { first: 0, second: 0, box: 0 };

beforeAll(async () => {
  api = await startStaffApi();
  ({ server, url } = await listenOnLoopback(api.app));
  const round = await seedExportRound(api.db, `ops-layout-${Date.now()}`, new Date(Date.now() + 3 * 86_400_000));
  await addBox(api.db, round, 'WAITING');
  roundId = round.roundId;
  const shipDate = new Date(Date.now() + 4 * 86_400_000);
  const first = await seedExportRound(api.db, `ops-parcel-a-${Date.now()}`, shipDate, '星乃ミライ');
  const second = await seedExportRound(api.db, `ops-parcel-b-${Date.now()}`, shipDate, '月城レイ');
  parcel.box = await addParcelBox(api.db, first, first.userId, { key: null, carriesFee: true }, shipDate);
  await addParcelBox(api.db, second, first.userId, { key: null, carriesFee: false }, shipDate);
  Object.assign(parcel, { first: first.roundId, second: second.roundId });
  dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-ops-layout-'));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function ops(direct: boolean, ...args: string[]) {
  const env = direct
    ? { ...process.env, DATABASE_URL: api.databaseUrl ?? '', NODE_ENV: 'test' }
    : { ...process.env, DATABASE_URL: '', API_ORIGIN: url, OPS_TOKEN: TEST_OPS_TOKEN, NODE_ENV: 'test' };
  return run(process.execPath, ['dist/ops.js', 'shipments', 'export', ...args], { env, timeout: 60_000 });
}

/** The file's first line, read in the encoding it should be in. */
async function headerOf(direct: boolean, layout: ShippingLayoutId, encoding: 'shift_jis' | 'utf-8', ...extra: string[]): Promise<string> {
  const out = path.join(dir, `${layout}-${direct ? 'direct' : 'api'}-${encoding}.csv`);
  await ops(direct, '--round', String(roundId), '--layout', layout, ...extra, '--out', out);
  const text = new TextDecoder(encoding).decode(readFileSync(out));
  return text.replace(/^\uFEFF/, '').split('\r\n')[0]!;
}

const headerLine = (layout: ShippingLayoutId) => SHIPPING_LAYOUTS[layout].columns.map((column) => column.label).join(',');

describe.each([
  { via: 'the running API', direct: false },
  ...(process.env.DATABASE_URL ? [{ via: 'PostgreSQL directly', direct: true }] : []),
])('npm run ops -- shipments export --layout, through $via', ({ direct }) => {
  it.each(SHIPPING_LAYOUT_IDS.filter((id) => id !== 'oshibox'))('writes %s in Shift_JIS with its own header line', async (layout) => {
    expect(await headerOf(direct, layout, 'shift_jis')).toBe(headerLine(layout));
  }, 90_000);

  it('writes our own layout without --layout, and a carrier layout in UTF-8 with --encoding utf8', async () => {
    const out = path.join(dir, `own-${direct}.csv`);
    await ops(direct, '--round', String(roundId), '--out', out);
    expect(new TextDecoder('utf-8').decode(readFileSync(out)).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(headerLine('oshibox'));
    expect(await headerOf(direct, 'yamato-b2', 'utf-8', '--encoding', 'utf8')).toBe(headerLine('yamato-b2'));
  }, 90_000);

  it("writes a fan's parcel (同梱) as one line naming both boxes in one round's file, and leaves it out of the other's", async () => {
    const rowsOf = async (round: number) => {
      const out = path.join(dir, `parcel-${round}-${direct}.csv`);
      await ops(direct, '--round', String(round), '--layout', 'yamato-b2', '--out', out);
      return parse(iconv.decode(readFileSync(out), 'cp932')) as string[][];
    };
    const [header, ...rows] = await rowsOf(parcel.first);
    expect(rows.map((r) => [r[header!.indexOf('お客様管理番号')], r[header!.indexOf('品名１')], r[header!.indexOf('品名２')]]))
      .toEqual([[String(parcel.box), '星乃ミライ 12月号×1/月城レイ 12月号×1', '数量 2']]);
    expect((await rowsOf(parcel.second)).slice(1)).toEqual([]);
  }, 90_000);
});

it('refuses an unknown layout in Japanese and English, naming --layout and the layouts it takes', async () => {
  const refused = ops(false, '--round', String(roundId), '--layout', 'b2');
  await expect(refused).rejects.toMatchObject({ code: 2 });
  const { stderr } = await refused.catch((error: { stderr: string }) => error);
  expect(stderr).toContain('--layout');
  expect(stderr).toContain('レイアウト');
  expect(stderr).toContain(SHIPPING_LAYOUT_IDS.join(', '));
  expect(stderr).toContain('b2');
});
