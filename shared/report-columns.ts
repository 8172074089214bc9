/**
 * The accounting report (issue 19, permission `reports.read`): sales per month with the 10 % tax
 * breakdown, and refunds, as the console shows them and as its CSV has them (UTF-8 with a BOM, one
 * line per month, the newest first). Amounts are integer yen, summed from the charges as the shop
 * made them (shared/money.ts `roundCharge`); tax = tax-included − pre-tax (`taxOf`).
 * Definitions: docs/decisions/0032-accounting-report.md.
 */
export const REPORT_MONTHS = 24;

export const REPORT_COLUMNS = [
  { key: 'month', label: '月', en: 'month (yyyy-MM, Asia/Tokyo), of the charge (paid_at) or the refund (refunded_at)' },
  { key: 'charges', label: '決済件数', en: 'charges taken that month' },
  { key: 'goodsPreTax', label: '商品（税抜）', en: 'boxes, pre-tax (plan price × count)' },
  { key: 'shippingPreTax', label: '送料（税抜）', en: 'shipping, pre-tax (600 per round)' },
  { key: 'feePreTax', label: '後払い手数料（税抜）', en: 'GMO後払い fee, pre-tax' },
  { key: 'salesPreTax', label: '売上（税抜）', en: 'sales, pre-tax (the three above)' },
  { key: 'salesTax', label: '消費税（10%）', en: 'consumption tax on sales' },
  { key: 'salesGross', label: '売上（税込）', en: 'sales, tax included (what shoppers paid)' },
  { key: 'refunds', label: '返金件数', en: "refunds done that month: full refunds (refund_status 'refunded', for what they returned) and partial ones (order_refunds)" },
  { key: 'refundsPreTax', label: '返金（税抜）', en: 'refunds, pre-tax' },
  { key: 'refundsTax', label: '返金の消費税', en: 'consumption tax on refunds' },
  { key: 'refundsGross', label: '返金（税込）', en: 'refunds, tax included' },
] as const;

export type ReportColumnKey = (typeof REPORT_COLUMNS)[number]['key'];
export type ReportMonth = { month: string } & Record<Exclude<ReportColumnKey, 'month'>, number>;
