import type { CarrierLayout, CarrierSettings, ShippingLine } from '../../shared/carrier-layout.ts';
import { parcelContents, parcelCount, parcelNumberOf, parcelRoundOf, sortedItems, type ParcelItem } from '../../shared/parcel-display.ts';
import type { ShippingLayoutId } from '../../shared/shipping-layout-names.ts';
import { SHIPPING_LAYOUTS } from '../../shared/shipping-layouts.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { csvLine, csvPreamble, encodeCsv, unencodableInCp932, type CsvEncoding } from './csv-text.ts';
import { findParcelBoxes, parcelsByAnchor } from '../parcel/parcels.repository.ts';
import { parcelItemOf } from '../parcel/parcels.service.ts';
import { findRoundFacts, findWaitingBoxesAfter } from './round-export.repository.ts';

/**
 * A round's shipping list for the warehouse or a carrier's software: the boxes in its warehouse
 * list (WAITING: charged, within the days before shipping, ship-to fixed;
 * docs/decisions/0029-shipping-export.md), one line per parcel in the chosen layout
 * (docs/decisions/0073-carrier-layouts.md), read a page at a time so a round of any size exports
 * in bounded memory. A fan's boxes travelling together (同梱) are one line in the file of the round
 * of the parcel's last-shipping box, and left out of the others'
 * (docs/decisions/0089-parcels-on-the-carrier-files.md).
 */
export const EXPORT_PAGE_ROWS = 1000;
const MAX_PROBLEMS_NAMED = 10;

type Round = NonNullable<Awaited<ReturnType<typeof findRoundFacts>>>;
type Box = Awaited<ReturnType<typeof findWaitingBoxesAfter>>[number];

export interface RoundExport {
  filename: string;
  contentType: string;
  /** The file's bytes, a page of boxes per chunk; read it with backpressure (stream.pipeline). */
  chunks: AsyncIterable<Buffer>;
}

export interface ExportChoice {
  encoding: CsvEncoding;
  layout: ShippingLayoutId;
  settings: CarrierSettings;
  /** CONSOLIDATION_WINDOW_DAYS: which of a fan's boxes travel together (shared/parcel.ts). */
  windowDays?: number;
}

const joined = (values: string[]) => [...new Set(values)].join(' / ');

function lineOf(round: Round, box: Box, parcel: readonly ParcelItem[]): ShippingLine {
  const items = sortedItems(parcel);
  const alone = items.length <= 1;
  return {
    orderNumber: alone ? box.id : parcelNumberOf(items), items,
    // Our own list has no contents column: a parcel's お届け回 names every box, its アーティスト and プラン each one.
    roundName: alone ? round.round_name : parcelContents(items),
    artistName: alone ? round.artist_name : joined(items.map((i) => i.artistName)),
    planName: alone ? round.plan_name : joined(items.map((i) => i.planName)),
    count: alone ? box.count : parcelCount(items),
    name: box.ship_dest_name, nameKana: box.ship_dest_name === box.user_name ? (box.name_kana ?? '') : '', zip: box.ship_zip, address: box.ship_address, address2: box.ship_address2, tel: box.ship_tel, shipDate: round.ship_date,
  };
}

/**
 * The lines of a page of the round's boxes: a box alone as before; a parcel once, at its first box
 * of this round, when this round's file is the one that lists it (its last-shipping round).
 */
async function linesOf(db: Db, round: Round, page: Box[], windowDays: number): Promise<ShippingLine[]> {
  const parcels = parcelsByAnchor(await findParcelBoxes(db, { ids: page.map((b) => b.id) }, windowDays, ['WAITING']));
  const lines: ShippingLine[] = [];
  for (const box of page) {
    const mates = (parcels.get(box.id) ?? []).map(parcelItemOf);
    const self = { id: box.id, roundId: round.id, shipDate: round.ship_date, artistName: round.artist_name, planName: round.plan_name, roundName: round.round_name, count: box.count };
    const items = mates.length > 0 ? [self, ...mates] : [];
    if (items.length > 0) {
      if (parcelRoundOf(items) !== round.id) continue;
      if (box.id !== Math.min(...items.filter((i) => i.roundId === round.id).map((i) => i.id))) continue;
    }
    lines.push(lineOf(round, box, items));
  }
  return lines;
}

function cellsOf(layout: CarrierLayout, line: ShippingLine, settings: CarrierSettings): string[] {
  return layout.columns.map((column) => column.cell?.(line, settings) ?? '');
}

async function* pagesOf(db: Db, roundId: number): AsyncGenerator<Box[]> {
  let afterId = 0;
  for (;;) {
    const page = await findWaitingBoxesAfter(db, roundId, afterId, EXPORT_PAGE_ROWS);
    if (page.length === 0) return;
    yield page;
    afterId = page[page.length - 1]!.id;
  }
}

/**
 * Each fact CP932 cannot write, named by order number (or the round, or 依頼主) and our own column
 * name: the first few. Every layout's cells are made of these facts, so checking them checks any layout.
 */
async function findUnencodable(db: Db, round: Round, choice: ExportChoice): Promise<string[]> {
  const problems: string[] = [];
  const check = (who: string, facts: Record<string, string>) => {
    for (const [label, value] of Object.entries(facts)) {
      const chars = unencodableInCp932(value);
      if (chars.length > 0) problems.push(`${who} ${label}「${chars.slice(0, 5).join('')}」`);
    }
  };
  const { sender } = choice.settings;
  check('依頼主', { 依頼主名: sender.name, 依頼主住所: sender.address });
  check(`お届け回 ${round.id}`, { お届け回: round.round_name, アーティスト: round.artist_name, プラン: round.plan_name });
  for await (const page of pagesOf(db, round.id)) {
    for (const line of await linesOf(db, round, page, choice.windowDays ?? 0)) {
      check(`注文番号 ${line.orderNumber}`, {
        お届け先氏名: line.name, 郵便番号: line.zip, 住所: line.address, 住所2: line.address2, 電話番号: line.tel,
        ...(line.items && line.items.length > 1 ? { 同梱: line.roundName } : {}),
      });
    }
    if (problems.length > MAX_PROBLEMS_NAMED) break;
  }
  return problems;
}

function unencodableError(problems: string[]): BadRequestError {
  const named = problems.slice(0, MAX_PROBLEMS_NAMED).join('、');
  const more = problems.length > MAX_PROBLEMS_NAMED ? ' …' : '';
  return new BadRequestError({
    ja: `Shift_JIS（CP932）で書けない文字があります: ${named}${more}。UTF-8 で書き出すか、該当の文字を直してください。`,
    en: `Some characters cannot be written in Shift_JIS (CP932): ${named}${more}. Export in UTF-8, or correct those characters.`,
  }, { encoding: { ja: 'Shift_JIS で書けない文字があります', en: 'characters Shift_JIS cannot write' } });
}

async function* chunksOf(db: Db, round: Round, choice: ExportChoice): AsyncGenerator<Buffer> {
  const { encoding, settings } = choice;
  const layout = SHIPPING_LAYOUTS[choice.layout];
  yield Buffer.concat([csvPreamble(encoding), encodeCsv(csvLine(layout.columns.map((c) => c.label)), encoding)]);
  for await (const page of pagesOf(db, round.id)) {
    const text = (await linesOf(db, round, page, choice.windowDays ?? 0)).map((line) => csvLine(cellsOf(layout, line, settings))).join('');
    // Checked before the first byte; a box changed since then ends the file short rather than write '?'.
    if (encoding === 'cp932' && unencodableInCp932(text).length > 0) throw unencodableError([`注文番号 ${page[0]!.id}–${page[page.length - 1]!.id}`]);
    yield encodeCsv(text, encoding);
  }
}

/** The file's name: our own list keeps its name (`round-12-shipping-utf8.csv`); a carrier's names its layout. */
function filenameOf(roundId: number, choice: ExportChoice): string {
  return `round-${roundId}-${choice.layout === 'oshibox' ? 'shipping' : choice.layout}-${choice.encoding}.csv`;
}

export async function exportRound(db: Db, roundId: number, choice: ExportChoice): Promise<RoundExport> {
  const round = await findRoundFacts(db, roundId);
  if (!round) throw new NotFoundError({ ja: 'お届け回', en: 'Round' });
  if (choice.encoding === 'cp932') {
    const problems = await findUnencodable(db, round, choice);
    if (problems.length > 0) throw unencodableError(problems);
  }
  const charset = choice.encoding === 'cp932' ? 'Shift_JIS' : 'utf-8';
  return {
    filename: filenameOf(round.id, choice),
    contentType: `text/csv; charset=${charset}; header=present`,
    chunks: chunksOf(db, round, choice),
  };
}
