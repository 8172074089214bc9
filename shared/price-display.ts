import { BOXES, countText } from './counts.ts';
import { formatDateTime, formatNumber, lastAcceptedMoment } from './format.ts';
import { roundCharge, type RoundCharge } from './money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './payment.ts';
import { issueLabel, type RoundTimes } from './subscription-rules.ts';
import { CONSOLIDATION_SAVING } from './parcel.ts';
import type { Text } from './text.ts';

/**
 * The one way the shop states a price (issue 18): the headline is what one round costs with tax
 * and shipping (「1回のお届け ¥3,960（税込・送料込）」), the breakdown sits beneath it. Pages, cards
 * and mails take their figures and words from here; none adds the amounts itself, so the price a
 * fan sees is the price the charge (shared/money.ts `roundCharge`) takes.
 */

/** The parts of a round's charge a display needs: a fresh `roundCharge` or a recorded charge. */
export type ChargeParts = Pick<RoundCharge, 'price' | 'shipFee' | 'fee' | 'total'> & { preTaxPrice?: number };

export interface PriceLine {
  label: Text;
  amount: number;
  /** The pre-tax amount beside it, where known. */
  preTax?: number;
}

export interface RoundPrice {
  count: number;
  /** Months one round covers (a plan's `period`). */
  period: number;
  /** The headline: one round, tax, shipping and any deferred-payment fee included. */
  total: number;
  /** A round of several months spread over them, rounded up; null for a monthly plan. */
  perMonth: number | null;
  /** Goods × count, shipping, and the fee when paying later. */
  lines: PriceLine[];
  /** The fee paying later would add, where the shopper has not chosen it (0 otherwise). */
  deferredFee: number;
  /** 「同梱で送料 ¥660 お得」: the box joins a parcel whose shipping another box carries (shared/parcel.ts); null otherwise. */
  saving?: Text | null;
}

export const TAX_AND_SHIPPING: Text = { ja: '税込・送料込', en: 'tax and shipping incl.' };

const yen = (value: number) => `¥${formatNumber(value)}`;

/** The display of a charge already worked out (checkout's, a subscription's, a recorded one). */
export function describeCharge(charge: ChargeParts, options: { count: number; period: number; deferredFee?: number }): RoundPrice {
  const { count, period } = options;
  const lines: PriceLine[] = [
    { label: goodsLabel(charge.price, count), amount: charge.price, preTax: charge.preTaxPrice },
    // Shipping is never free but in a parcel another box pays it for (shared/parcel.ts).
    charge.shipFee === 0
      ? { label: { ja: '送料（同梱）', en: 'Shipping (shipped together)' }, amount: 0 }
      : { label: { ja: '送料（1回分）', en: 'Shipping (per round)' }, amount: charge.shipFee },
  ];
  if (charge.fee > 0) lines.push({ label: { ja: '後払い手数料', en: 'Deferred-payment fee' }, amount: charge.fee });
  const perMonth = period > 1 ? Math.ceil(charge.total / period) : null;
  const saving = charge.shipFee === 0 ? CONSOLIDATION_SAVING : null;
  return { count, period, total: charge.total, perMonth, lines, deferredFee: charge.fee > 0 ? 0 : (options.deferredFee ?? 0), saving };
}

/**
 * A plan's round as a shopper who has not yet paid would see it: by card unless `deferred`, with
 * the fee paying later would add noted. `at` picks the fee in force (shared/money.ts).
 */
export function planRoundPrice(
  plan: { price: number; preTaxPrice: number; period: number },
  options: { count?: number; deferred?: boolean; at?: Date } = {},
): RoundPrice {
  const count = options.count ?? 1;
  const at = options.at ?? new Date();
  const charge = roundCharge(plan, count, options.deferred ?? false, at);
  return describeCharge(charge, { count, period: plan.period, deferredFee: roundCharge(plan, count, true, at).fee });
}

function goodsLabel(price: number, count: number): Text {
  if (count === 1) return { ja: '商品', en: 'Box' };
  // price is unit × count (roundCharge), so the division is exact.
  const unit = yen(price / count);
  return { ja: `商品（${unit} × ${countText(count, BOXES).ja}）`, en: `Boxes (${unit} × ${count})` };
}

/** 「1回のお届け」, 「1回のお届け（3か月ごと・2箱）」: what the headline's amount is for. */
export function roundLabel(price: Pick<RoundPrice, 'count' | 'period'>): Text {
  const ja: string[] = [];
  const en: string[] = [];
  if (price.period > 1) { ja.push(`${price.period}か月ごと`); en.push(`every ${price.period} months`); }
  if (price.count > 1) { const boxes = countText(price.count, BOXES); ja.push(boxes.ja); en.push(boxes.en); }
  return ja.length === 0 ? { ja: '1回のお届け', en: 'Per delivery' }
    : { ja: `1回のお届け（${ja.join('・')}）`, en: `Per delivery (${en.join(', ')})` };
}

/** 「¥3,960（税込・送料込）」 */
export function amountText(total: number): Text {
  return { ja: `${yen(total)}（${TAX_AND_SHIPPING.ja}）`, en: `${yen(total)} (${TAX_AND_SHIPPING.en})` };
}

/** 「1か月あたり ¥5,720」, or null for a monthly plan ("約" when the months do not divide evenly). */
export function perMonthText(price: Pick<RoundPrice, 'perMonth' | 'total' | 'period'>): Text | null {
  if (price.perMonth === null) return null;
  const about = price.perMonth * price.period !== price.total;
  return { ja: `1か月あたり${about ? '約' : ''} ${yen(price.perMonth)}`, en: `${about ? 'about ' : ''}${yen(price.perMonth)} a month` };
}

/** 「商品 ¥3,300 ＋ 送料（1回分） ¥660」: the breakdown on one line. */
export function breakdownText(price: Pick<RoundPrice, 'lines'>): Text {
  return {
    ja: price.lines.map((l) => `${l.label.ja} ${yen(l.amount)}`).join(' ＋ '),
    en: price.lines.map((l) => `${l.label.en} ${yen(l.amount)}`).join(' + '),
  };
}

/** 「GMO後払いの場合は手数料 ¥330 が加わり、1回 ¥4,290 です」, or null when nothing would be added. */
export function deferredNoteText(price: Pick<RoundPrice, 'deferredFee' | 'total'>): Text | null {
  if (price.deferredFee === 0) return null;
  const fee = yen(price.deferredFee);
  const total = yen(price.total + price.deferredFee);
  return {
    ja: `GMO後払いの場合は手数料 ${fee} が加わり、1回 ${total}（${TAX_AND_SHIPPING.ja}）です`,
    en: `Paying later (GMO deferred payment) adds a ${fee} fee: ${total} per delivery`,
  };
}

/** The whole statement on one line, for mails: 「1回のお届け ¥3,960（税込・送料込）（商品 ¥3,300 ＋ 送料 ¥660）」. */
export function roundPriceText(price: RoundPrice): Text {
  const label = roundLabel(price);
  const amount = amountText(price.total);
  const month = perMonthText(price);
  const parts = breakdownText(price);
  const saving = price.saving ? { ja: `・${price.saving.ja}`, en: `; ${price.saving.en}` } : { ja: '', en: '' };
  return {
    ja: `${label.ja} ${amount.ja}${month ? `、${month.ja}` : ''}（内訳: ${parts.ja}${saving.ja}）`,
    en: `${label.en} ${amount.en}${month ? `, ${month.en}` : ''} (${parts.en}${saving.en})`,
  };
}

/**
 * A price change as one subscriber's round costs it (issue 30): 「1回のお届け（2箱） ¥7,260（税込・送料込）
 * → ¥9,460（税込・送料込）」 and the new breakdown, in the words of the pages' headline.
 */
export function priceChangeText(before: RoundPrice, after: RoundPrice): Text {
  const label = roundLabel(after);
  const [from, to] = [amountText(before.total), amountText(after.total)];
  const month = perMonthText(after);
  const parts = breakdownText(after);
  return {
    ja: `${label.ja} ${from.ja} → ${to.ja}${month ? `、${month.ja}` : ''}（変更後の内訳: ${parts.ja}）`,
    en: `${label.en} ${from.en} → ${to.en}${month ? `, ${month.en}` : ''} (from then: ${parts.en})`,
  };
}

/**
 * A card's lowest price, as every headline says it (issue 30): what one delivery costs,
 * 「1回のお届け ¥3,960〜」, 「1回のお届け（3か月ごと） ¥17,160〜」, never 「月額」 for a round that
 * covers several months; TAX_AND_SHIPPING goes beside it. Cards carry no pre-tax price (a list
 * page's hydration data stays small) and the total does not depend on it, so the pre-tax parts
 * of this charge are left unused.
 */
export function fromPriceText(plan: { price: number; period: number }, at = new Date()): Text {
  const total = yen(roundCharge({ price: plan.price, preTaxPrice: 0 }, 1, false, at).total);
  const label = roundLabel({ count: 1, period: plan.period });
  return { ja: `${label.ja} ${total}〜`, en: `${label.en} from ${total}` };
}

type MoneyMove = { total: number; method: PaymentMethod };

/**
 * A tier or count change on a round already paid (issue 30): the new terms are charged now and the
 * old charge refunded. The confirmation page, the notice after it and the mail say both this way.
 */
export function changeMoneyTexts(change: { charge?: MoneyMove | null; refund?: MoneyMove | null }): { refund: Text | null; charge: Text | null } {
  const { charge, refund } = change;
  return {
    refund: refund ? {
      ja: `今回返金 ${yen(refund.total)}（${PAYMENT_METHOD_LABELS[refund.method].ja}へ返金）`,
      en: `Refunded now: ${yen(refund.total)} (${PAYMENT_METHOD_LABELS[refund.method].en})`,
    } : null,
    charge: charge ? {
      ja: `今回決済 ${yen(charge.total)}（${PAYMENT_METHOD_LABELS[charge.method].ja}）`,
      en: `Charged now: ${yen(charge.total)} (${PAYMENT_METHOD_LABELS[charge.method].en})`,
    } : null,
  };
}

/**
 * The same change on a round not paid yet: nothing moves now, and the new terms are charged at the
 * round's deadline. The confirmation says how much, by which method, for which round and when.
 */
export function deadlineChargeText(move: MoneyMove, round: Pick<RoundTimes, 'shipDate' | 'endDate'>): Text {
  const issue = issueLabel(round);
  const when = formatDateTime(lastAcceptedMoment(round.endDate));
  const method = PAYMENT_METHOD_LABELS[move.method];
  return {
    ja: `今回の決済・返金はありません。新しい料金 ${yen(move.total)}（${method.ja}）は、${issue.ja}の申込締切（${when}）に決済します。`,
    en: `Nothing is charged or refunded now. The new price, ${yen(move.total)} (${method.en}), is charged at the deadline of the ${issue.en} (${when} JST).`,
  };
}
