/**
 * All money rules of docs/spec.md §9, in integer yen. Nothing else in the code base does money math.
 */
export const TAX_RATE_PERCENT = 10;

export const SHIPPING_FEE = { preTax: 600, taxIncluded: 660 } as const;

export const DEFERRED_PAYMENT = {
  dueDays: 14,
  lateFeeTaxIncluded: 297,
  maxLateFees: 3,
  cumulativeLimitTaxIncluded: 55_000,
} as const;

/** Consumption tax is rounded down, as Japanese shops usually do. */
export function withTax(preTax: number): number {
  return Math.floor((preTax * (100 + TAX_RATE_PERCENT)) / 100);
}

const COMMISSION_2020 = Date.UTC(2020, 2, 10, 15); // 2020-03-11 00:00 JST
const COMMISSION_2022 = Date.UTC(2022, 5, 10, 15); // 2022-06-11 00:00 JST

/**
 * docs/spec.md §9 "commission by date". The flag picks the second value; the spec does not say what
 * it means, so it is named for what it selects: the tax-included amount.
 */
export function commissionAt(date: Date, taxIncluded: boolean): number {
  const t = date.getTime();
  if (t < COMMISSION_2020) return taxIncluded ? 200 : 182;
  if (t < COMMISSION_2022) return 200;
  return taxIncluded ? 330 : 300;
}

/** The deferred-payment (GMOAB) fee per application on `date`: docs/spec.md §9's commission by date. */
export function deferredPaymentFeeAt(date: Date): { preTax: number; taxIncluded: number } {
  return { preTax: commissionAt(date, false), taxIncluded: commissionAt(date, true) };
}

/** The fee in force since 2022-06-11 (300 yen, 330 with tax), derived from the same table. */
export const DEFERRED_PAYMENT_FEE = deferredPaymentFeeAt(new Date(COMMISSION_2022));

/** docs/spec.md §9: "a second helper gives 200 either way". */
export function legacyCommission(): number {
  return 200;
}

/** The total late fee after `count` reminders, capped at three (docs/spec.md §9: 891 yen at most). */
export function lateFeeTotal(count: number): number {
  return Math.min(Math.max(count, 0), DEFERRED_PAYMENT.maxLateFees) * DEFERRED_PAYMENT.lateFeeTaxIncluded;
}

/** The money of one round of a subscription: what is charged, and its pre-tax parts. */
export interface RoundCharge {
  /** Plan price × count. */
  price: number;
  preTaxPrice: number;
  /** Shipping is charged once per round, whatever the count: all boxes of a round ship together. */
  shipFee: number;
  preTaxShipFee: number;
  /** The deferred-payment (GMOAB) fee per application, 0 for a card. */
  fee: number;
  preTaxFee: number;
  /** What the shopper pays for the round, tax included. */
  total: number;
}

/**
 * Per round = plan price × count + shipping 660 (once per round) + the GMOAB fee (commissionAt
 * the time of the charge) when paying later.
 */
export function roundCharge(
  plan: { price: number; preTaxPrice: number },
  count: number,
  deferred: boolean,
  at: Date,
): RoundCharge {
  const fee = deferred ? commissionAt(at, true) : 0;
  const preTaxFee = deferred ? commissionAt(at, false) : 0;
  const price = plan.price * count;
  return {
    price,
    preTaxPrice: plan.preTaxPrice * count,
    shipFee: SHIPPING_FEE.taxIncluded,
    preTaxShipFee: SHIPPING_FEE.preTax,
    fee,
    preTaxFee,
    total: price + SHIPPING_FEE.taxIncluded + fee,
  };
}

/** The same money tax-included and before tax (integer yen), e.g. a sum of charges. */
export interface Amount {
  taxIncluded: number;
  preTax: number;
}

/** What the shop keeps of charges once refunds are paid back: both columns, never below zero. */
export function netOfRefunds(charged: Amount, refunded: Amount): Amount {
  return {
    taxIncluded: Math.max(charged.taxIncluded - refunded.taxIncluded, 0),
    preTax: Math.max(charged.preTax - refunded.preTax, 0),
  };
}

/** The consumption tax inside a sum of charges: its tax-included total less its pre-tax total. */
export function taxOf(amount: Amount): number {
  return amount.taxIncluded - amount.preTax;
}
