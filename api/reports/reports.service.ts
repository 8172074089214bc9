import { taxOf } from '../../shared/money.ts';
import { REPORT_COLUMNS, REPORT_MONTHS, type ReportMonth } from '../../shared/report-columns.ts';
import type { Db } from '../db/schema.ts';
import { csvLine, csvPreamble, encodeCsv, type CsvEncoding } from '../shipping/csv-text.ts';
import { sumRefunds, sumSales } from './reports.repository.ts';

const JST_MS = 9 * 3_600_000;

/** The last REPORT_MONTHS Tokyo months up to `now`'s, newest first, and the instant the oldest begins. */
function reportWindow(now: Date): { keys: string[]; from: Date } {
  const tokyo = new Date(now.getTime() + JST_MS);
  const year = tokyo.getUTCFullYear();
  const month = tokyo.getUTCMonth();
  const keys = Array.from({ length: REPORT_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(year, month - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return { keys, from: new Date(Date.UTC(year, month - (REPORT_MONTHS - 1), 1) - JST_MS) };
}

/**
 * Sales and refunds per month for accounting (docs/decisions/0032-accounting-report.md): every
 * month of the window, zeros where nothing happened, bounded to REPORT_MONTHS.
 */
export async function accountingReport(db: Db, now: Date): Promise<ReportMonth[]> {
  const { keys, from } = reportWindow(now);
  const [sales, refunds] = await Promise.all([sumSales(db, from), sumRefunds(db, from)]);
  const salesOf = new Map(sales.map((r) => [r.month, r]));
  const refundsOf = new Map(refunds.map((r) => [r.month, r]));
  return keys.map((month) => {
    const s = salesOf.get(month);
    const r = refundsOf.get(month);
    const goodsPreTax = Number(s?.goods_pre_tax ?? 0);
    const shippingPreTax = Number(s?.shipping_pre_tax ?? 0);
    const feePreTax = Number(s?.fee_pre_tax ?? 0);
    const sales = { taxIncluded: Number(s?.total ?? 0), preTax: goodsPreTax + shippingPreTax + feePreTax };
    const refunded = { taxIncluded: Number(r?.total ?? 0), preTax: Number(r?.pre_tax ?? 0) };
    return {
      month, charges: Number(s?.charges ?? 0), goodsPreTax, shippingPreTax, feePreTax,
      salesPreTax: sales.preTax, salesTax: taxOf(sales), salesGross: sales.taxIncluded,
      refunds: Number(r?.refunds ?? 0), refundsPreTax: refunded.preTax, refundsTax: taxOf(refunded), refundsGross: refunded.taxIncluded,
    };
  });
}

/** The report as CSV, UTF-8 with a BOM (Excel), the header of shared/report-columns.ts. */
/** UTF-8 with its BOM, or Shift_JIS (CP932) for the accounting software that only reads that (issue 32). */
export function reportCsv(months: ReportMonth[], encoding: CsvEncoding = 'utf8'): Buffer {
  const lines = [csvLine(REPORT_COLUMNS.map((c) => c.label)), ...months.map((m) => csvLine(REPORT_COLUMNS.map((c) => String(m[c.key]))))];
  return Buffer.concat([csvPreamble(encoding), encodeCsv(lines.join(''), encoding)]);
}
