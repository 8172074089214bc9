import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import request, { type Response, type Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCsvFile } from '../../api/shipping/csv-text.ts';
import { SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import { expectApiError, NOW, startApi, TEST_OPS_TOKEN, type ApiTest } from './api-fixtures.ts';
import { addBox, KNOWN_SHIP_TO, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * A round's shipping list (api/shipping/round-export.ts) through the operator endpoint, as the
 * warehouse gets it: the boxes of the warehouse list only, in UTF-8 or Shift_JIS, cells a
 * spreadsheet cannot run, and a file that `ops shipments import` takes back once filled in.
 */
let api: ApiTest;
let round: ExportRound;
const ids: Record<string, number> = {};
const HEADER = SHIPPING_COLUMNS.map((c) => c.label);

/** The file's bytes as sent (supertest would decode text as UTF-8); an error reply as its JSON. */
const binary: Parameters<Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    done(null, String(res.headers['content-type']).startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : bytes);
  });
};
const exportOf = (query: string): Promise<Response> =>
  request(api.app).get(`/ops/shipments/export?${query}`).set('authorization', `Bearer ${TEST_OPS_TOKEN}`).buffer(true).parse(binary);
const rowsOf = (text: string): string[][] => parse(text, { bom: true }) as string[][];
const importFile = (csv: string) => request(api.app).post('/ops/shipments/import').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ csv });

beforeAll(async () => {
  api = await startApi();
  round = await seedExportRound(api.db, 'export-round', new Date(NOW.getTime() - 3_600_000));
  ids.waiting = await addBox(api.db, round, 'WAITING', {}, 2);
  ids.charged = await addBox(api.db, round, 'SUCCESS');
  ids.shipped = await addBox(api.db, round, 'COMPLETEMAIL');
  ids.cancelled = await addBox(api.db, round, 'CANCEL');
  ids.tricky = await addBox(api.db, round, 'WAITING', { name: '=HYPERLINK("http://evil.example")', address: '東京都渋谷区, "推し"ビル\n3階', address2: '@SUM(1)', tel: '+81312345678' });
}, 60_000);
afterAll(async () => api?.database.destroy());

describe('the shipping list of a round', () => {
  it('lists the boxes of the warehouse list (WAITING) only, with the documented columns, in UTF-8 with a BOM', async () => {
    const res = await exportOf(`round=${round.roundId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="round-${round.roundId}-shipping-utf8.csv"`);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = rowsOf(bytes.toString('utf8'));
    expect(header).toEqual(HEADER);
    // Charged boxes (SUCCESS) are not with the warehouse yet: their address may still change.
    expect(rows.map((r) => Number(r[0]))).toEqual([ids.waiting, ids.tricky]);
    expect(rows[0]).toEqual([
      String(ids.waiting), '12月号', '星乃ミライ', 'スタンダードプラン', '2', KNOWN_SHIP_TO.name, '060-0001', KNOWN_SHIP_TO.address,
      KNOWN_SHIP_TO.address2, '03-1234-5678', '2026/11/22', '', '',
    ]);
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and writes no cell a spreadsheet would run', async () => {
    const text = (await exportOf(`round=${round.roundId}`)).body.toString('utf8') as string;
    expect(text).toContain('"東京都渋谷区, ""推し""ビル\n3階"');
    const tricky = rowsOf(text).find((r) => r[0] === String(ids.tricky))!;
    expect(tricky[5]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(tricky[7]).toBe('東京都渋谷区, "推し"ビル\n3階');
    expect(tricky[8]).toBe(`'@SUM(1)`);
    expect(tricky[9]).toBe(`'+81312345678`);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes Shift_JIS (CP932) that decodes to the same list, 〜 as Windows writes it (～)', async () => {
    const utf8 = (await exportOf(`round=${round.roundId}`)).body.toString('utf8').slice(1) as string;
    const res = await exportOf(`round=${round.roundId}&encoding=cp932`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS; header=present');
    const decoded = iconv.decode(res.body as Buffer, 'cp932');
    expect(decoded).toBe(utf8.replaceAll('〜', '～'));
    expect(decoded).toContain('注文番号,お届け回,アーティスト');
  });

  it('answers 404 for an unknown round and 400 naming the field for a bad one', async () => {
    expectApiError(await exportOf('round=999999'), 404, 'NOT_FOUND');
    expectApiError(await exportOf('round=abc'), 400, 'BAD_REQUEST', ['round']);
    expectApiError(await exportOf('round=2147483648'), 400, 'BAD_REQUEST', ['round']);
    expectApiError(await exportOf(`round=${round.roundId}&encoding=sjis`), 400, 'BAD_REQUEST', ['encoding']);
    expectApiError(await exportOf(''), 400, 'BAD_REQUEST', ['round']);
  });

  it('is the operator’s only: no token is 401, a cross-site page 403', async () => {
    expectApiError(await request(api.app).get(`/ops/shipments/export?round=${round.roundId}`), 401, 'UNAUTHORIZED');
    const crossSite = await request(api.app).get(`/ops/shipments/export?round=${round.roundId}`).set('authorization', `Bearer ${TEST_OPS_TOKEN}`).set('sec-fetch-site', 'cross-site');
    expectApiError(crossSite, 403, 'FORBIDDEN');
  });

  it('takes a JSON POST too (what npm run ops sends)', async () => {
    const res = await request(api.app).post('/ops/shipments/export').set('authorization', `Bearer ${TEST_OPS_TOKEN}`)
      .send({ round: round.roundId, encoding: 'cp932' }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(rowsOf(iconv.decode(res.body as Buffer, 'cp932')).length).toBe(3);
  });
});

describe('a character Shift_JIS cannot write', () => {
  let other: ExportRound;
  let box: number;
  beforeAll(async () => {
    other = await seedExportRound(api.db, 'export-unencodable', NOW);
    await addBox(api.db, other, 'WAITING');
    box = await addBox(api.db, other, 'WAITING', { name: '𠮷田 花子' });
  });

  it('refuses the CP932 export with a 400 naming the order and the column, and exports it in UTF-8', async () => {
    const body = expectApiError(await exportOf(`round=${other.roundId}&encoding=cp932`), 400, 'BAD_REQUEST', ['encoding']);
    expect(body.message).toContain(`注文番号 ${box} お届け先氏名「𠮷」`);
    expect(body.messageEn).toContain('cannot be written in Shift_JIS');
    const utf8 = await exportOf(`round=${other.roundId}`);
    expect(rowsOf(utf8.body.toString('utf8')).at(-1)![5]).toBe('𠮷田 花子');
  });
});

describe('the round trip: export, fill in the tracking numbers, import', () => {
  const fill = (text: string, tracking: (id: string) => string) => text.replace(/^(\d+,.*),,\r$/gm, (_line, head: string) => `${head},yamato,${tracking(head.split(',')[0]!)}\r`);

  it.each(['utf8', 'cp932'] as const)('the import takes the %s file as exported, header and all', async (encoding) => {
    const trip = await seedExportRound(api.db, `export-trip-${encoding}`, new Date(NOW.getTime() - 3_600_000), 'ソラ・ホシノ');
    const boxes = [await addBox(api.db, trip, 'WAITING'), await addBox(api.db, trip, 'WAITING', { address2: '' })];
    const bytes = (await exportOf(`round=${trip.roundId}&encoding=${encoding}`)).body as Buffer;
    // The warehouse fills in 配送業者 and 追跡番号 and saves the file in the same encoding.
    const filled = fill(decodeCsvFile(bytes), (id) => `1234-5678-${id.padStart(4, '0')}`);
    const saved = encoding === 'cp932' ? iconv.encode(filled, 'cp932') : Buffer.from(filled, 'utf8');
    const res = await importFile(decodeCsvFile(saved));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ lines: 2, applied: 2, refused: [] });
    const rows = await api.db.selectFrom('plan_order_histories').select(['id', 'payment_status', 'ship_number', 'carrier']).where('id', 'in', boxes).orderBy('id').execute();
    expect(rows).toEqual(boxes.map((id) => ({ id, payment_status: 'COMPLETEMAIL', ship_number: `1234-5678-${String(id).padStart(4, '0')}`, carrier: 'yamato' })));
    // Shipped boxes leave the warehouse list.
    expect(rowsOf(decodeCsvFile((await exportOf(`round=${trip.roundId}&encoding=${encoding}`)).body as Buffer))).toEqual([HEADER]);
  });
});
