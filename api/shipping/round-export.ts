import { formatDate } from '../../shared/format.ts';
import { hyphenatedZip, SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { csvLine, csvPreamble, encodeCsv, unencodableInCp932, type CsvEncoding } from './csv-text.ts';
import { findRoundFacts, findWaitingBoxesAfter } from './round-export.repository.ts';

/**
 * A round's shipping list for the warehouse: the boxes in its warehouse list (WAITING: charged,
 * within the days before shipping, ship-to fixed; docs/decisions/0029-shipping-export.md), one
 * line each, read a page at a time so a round of any size exports in bounded memory.
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

function cellsOf(round: Round, box: Box): string[] {
  return [
    String(box.id), round.round_name, round.artist_name, round.plan_name, String(box.count), box.ship_dest_name,
    hyphenatedZip(box.ship_zip), box.ship_address, box.ship_address2, box.ship_tel, formatDate(round.ship_date), '', '',
  ];
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

/** Each cell CP932 cannot write, named by order number (or the round) and column: the first few. */
async function findUnencodable(db: Db, round: Round): Promise<string[]> {
  const problems: string[] = [];
  const check = (who: string, cells: string[], columns: number[]) => {
    for (const i of columns) {
      const chars = unencodableInCp932(cells[i]!);
      if (chars.length > 0) problems.push(`${who} ${SHIPPING_COLUMNS[i]!.label}「${chars.slice(0, 5).join('')}」`);
    }
  };
  const ROUND_COLUMNS = [1, 2, 3];
  const BOX_COLUMNS = [5, 6, 7, 8, 9];
  let first = true;
  for await (const page of pagesOf(db, round.id)) {
    if (first) check(`お届け回 ${round.id}`, cellsOf(round, page[0]!), ROUND_COLUMNS);
    first = false;
    for (const box of page) check(`注文番号 ${box.id}`, cellsOf(round, box), BOX_COLUMNS);
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

async function* chunksOf(db: Db, round: Round, encoding: CsvEncoding): AsyncGenerator<Buffer> {
  yield Buffer.concat([csvPreamble(encoding), encodeCsv(csvLine(SHIPPING_COLUMNS.map((c) => c.label)), encoding)]);
  for await (const page of pagesOf(db, round.id)) {
    const text = page.map((box) => csvLine(cellsOf(round, box))).join('');
    // Checked before the first byte; a box changed since then ends the file short rather than write '?'.
    if (encoding === 'cp932' && unencodableInCp932(text).length > 0) throw unencodableError([`注文番号 ${page[0]!.id}–${page[page.length - 1]!.id}`]);
    yield encodeCsv(text, encoding);
  }
}

export async function exportRound(db: Db, roundId: number, encoding: CsvEncoding): Promise<RoundExport> {
  const round = await findRoundFacts(db, roundId);
  if (!round) throw new NotFoundError({ ja: 'お届け回', en: 'Round' });
  if (encoding === 'cp932') {
    const problems = await findUnencodable(db, round);
    if (problems.length > 0) throw unencodableError(problems);
  }
  const charset = encoding === 'cp932' ? 'Shift_JIS' : 'utf-8';
  return {
    filename: `round-${round.id}-shipping-${encoding}.csv`,
    contentType: `text/csv; charset=${charset}; header=present`,
    chunks: chunksOf(db, round, encoding),
  };
}
