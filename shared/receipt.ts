import { paysEachRound } from './shopper-payment.ts';
import { hiddenCharacterText, isCleanText } from './free-text.ts';
import { TAX_RATE_PERCENT } from './money.ts';
import type { PaymentMethod, PaymentStatus } from './payment.ts';
import type { Text } from './text.ts';

/**
 * Receipts (領収書) under Japan's invoice system: what a qualified simplified invoice (適格簡易請求書)
 * must state, computed once here. https://www.nta.go.jp/taxes/shiraberu/zeimokubetsu/shohi/keigenzeiritsu/invoice_about.htm
 */

/** The parts of an order's price: tax-included amounts and their pre-tax counterparts (integer yen). */
export interface TaxedParts {
  total: number;
  preTaxPrice: number;
  preTaxShipFee: number;
  preTaxFee: number;
}

/** 「税率10%対象 ¥X / 内消費税 ¥Y」: everything the shop sells is standard-rated. */
export interface TaxBreakdown {
  ratePercent: number;
  /** The tax-included amount subject to the rate. */
  taxableAmount: number;
  /** The consumption tax within it. */
  tax: number;
}

/**
 * The tax is the total less its pre-tax parts, so the receipt's tax and the amounts charged agree
 * to the yen (each part was rounded down when it was priced, shared/money.ts `withTax`).
 */
export function taxBreakdown(parts: TaxedParts): TaxBreakdown {
  const preTax = parts.preTaxPrice + parts.preTaxShipFee + parts.preTaxFee;
  return { ratePercent: TAX_RATE_PERCENT, taxableAmount: parts.total, tax: Math.max(parts.total - preTax, 0) };
}

export const RECEIPT_ADDRESSEE_MAX = 100;

export const ADDRESSEE_MESSAGES = {
  required: { ja: '宛名を入力してください。', en: 'Enter the name to address the receipt to.' },
  tooLong: {
    ja: `宛名は${RECEIPT_ADDRESSEE_MAX}文字以内で入力してください。`,
    en: `The addressee must be at most ${RECEIPT_ADDRESSEE_MAX} characters.`,
  },
  /** Control, bidi and invisible characters: a printed addressee must read as it was typed (issue 17). */
  invalid: hiddenCharacterText({ ja: '宛名', en: 'The addressee' }),
} as const satisfies Record<string, Text>;

/** The addressee as it will be printed, or the reason it cannot be. */
export function checkAddressee(value: string): { ok: true; value: string } | { ok: false; error: Text } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: false, error: ADDRESSEE_MESSAGES.required };
  if ([...trimmed].length > RECEIPT_ADDRESSEE_MAX) return { ok: false, error: ADDRESSEE_MESSAGES.tooLong };
  if (!isCleanText(trimmed)) return { ok: false, error: ADDRESSEE_MESSAGES.invalid };
  return { ok: true, value: trimmed };
}

/**
 * 但し書き: 「OshiBox 星野ミライ ライトプラン 12月号 代として」 (in English after a "For" label), the
 * tier in each language (`catalogueText`: its Japanese where the operator gave no English).
 */
export function receiptDescription(brand: string, artist: string, plan: Text, issue: Text): Text {
  return { ja: `${brand} ${artist} ${plan.ja} ${issue.ja} 代として`, en: `${brand} ${artist} ${plan.en}, ${issue.en}` };
}

/**
 * The receipt of what was paid net of refunds (issue 30): the refunded amount and the tax within
 * it come off; the tax within a refund is rounded down, as each price's was.
 */
export function netTaxBreakdown(parts: TaxedParts, refunded: number): TaxBreakdown {
  const full = taxBreakdown(parts);
  if (refunded <= 0) return full;
  const refundTax = Math.floor((refunded * TAX_RATE_PERCENT) / (100 + TAX_RATE_PERCENT));
  return { ratePercent: TAX_RATE_PERCENT, taxableAmount: Math.max(parts.total - refunded, 0), tax: Math.max(full.tax - refundTax, 0) };
}

/**
 * Why a receipt cannot be issued: GMOAB (the payment slip's receipt serves), an unpaid order, or a
 * charge refunded in full (nothing was paid in the end).
 */
export type ReceiptRefusal = 'deferred' | 'status' | 'refunded';

export const PAID_STATUSES: readonly PaymentStatus[] = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'];

/** `paid`: the charge and what of it was refunded (shared/refund-rules.ts `refundedTotal`). */
export function receiptRefusal(method: PaymentMethod, status: string, paid: { total: number; refunded: number } = { total: 0, refunded: 0 }): ReceiptRefusal | null {
  if (paid.total > 0 && paid.refunded >= paid.total) return 'refunded';
  if (!(PAID_STATUSES as readonly string[]).includes(status)) return 'status';
  // Konbini / PayPay (issue 34): the shop received the money before the round, as with a card.
  if (method !== 'CARD' && !paysEachRound(method)) return 'deferred';
  return null;
}

export const RECEIPT_REFUSALS: Record<ReceiptRefusal, Text> = {
  deferred: {
    ja: 'GMO後払いのご注文は、コンビニ・銀行・郵便局でお支払いの際にお受け取りになる払込票の受領証が領収書となります。当店から領収書は発行しておりません。',
    en: 'For GMO deferred payment, the receipt stub of the payment slip you get when paying at a convenience store, bank or post office is your receipt. The shop does not issue one.',
  },
  status: {
    ja: '決済が完了していないため、領収書を発行できません（決済処理中・決済失敗・キャンセルのご注文には発行されません）。',
    en: 'The payment is not complete, so no receipt can be issued (not for orders in progress, failed or cancelled).',
  },
  refunded: {
    ja: 'このご注文は全額を返金したため、お支払いいただいた金額はありません。領収書は発行されません。',
    en: 'This order was refunded in full, so nothing remains paid and no receipt is issued.',
  },
};
