import { DEFERRED_PAYMENT, deferredPaymentFeeAt, lateFeeTotal } from './money.ts';
import type { Text } from './text.ts';

/**
 * GMO deferred payment (GMOAB) rules of docs/spec.md §9, once for the API and the page: who is a minor,
 * the cumulative limit, and the conditions shown before the shopper chooses it.
 */

/** Adulthood in Japan since 2022-04-01 (Civil Code art. 4). */
export const ADULT_AGE = 18;

/** Today's calendar date in Asia/Tokyo as yyyy-MM-dd. */
function tokyoDate(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/** Age in whole years on `now` (Asia/Tokyo) of someone born on `birthday` (yyyy-MM-dd). */
export function ageOn(birthday: string, now: Date): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const t = /^(\d{4})-(\d{2})-(\d{2})$/.exec(tokyoDate(now));
  if (!b || !t) return null;
  const age = Number(t[1]) - Number(b[1]);
  return `${t[2]}${t[3]}` < `${b[2]}${b[3]}` ? age - 1 : age;
}

/** docs/spec.md §9: minors need a guardian's consent. An unknown birthday counts as a minor (ask). */
export function isMinor(birthday: string | null | undefined, now: Date): boolean {
  const age = birthday ? ageOn(birthday, now) : null;
  return age === null || age < ADULT_AGE;
}

/**
 * Statuses of a GMOAB round still open to collection: what counts towards the cumulative limit
 * and what my page lists as an invoice to pay (shipped rounds count as settled, as the limit
 * has always counted them).
 */
export const DEFERRED_OPEN_STATUSES: readonly string[] = ['BEFORE', 'SUCCESS', 'WAITING'];

/**
 * True when `amount` on top of what is still owed would pass the cumulative limit. The one rule of
 * checkout (api/payment/deferred.service.ts) and the billing run (api/billing/charge-rounds.ts).
 */
export function exceedsDeferredLimit(owed: number, amount: number): boolean {
  return owed + amount > DEFERRED_PAYMENT.cumulativeLimitTaxIncluded;
}

/** The decline reason the billing run records when it does not make a charge over the limit. */
export const DEFERRED_LIMIT_DECLINE = 'over the GMO deferred payment limit';

const yen = (n: number, lang: 'ja' | 'en') => (lang === 'ja' ? `${n.toLocaleString('ja-JP')}円` : `¥${n.toLocaleString('en-US')}`);

export const DEFERRED_LIMIT_MESSAGE: Text = {
  ja: `GMO後払いのご利用限度額（累計${yen(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded, 'ja')}・税込）を超えるため、お申し込みできません。お支払い方法をクレジットカードに変更してください。`,
  en: `This purchase would pass the GMO deferred payment limit (${yen(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded, 'en')} in total, tax included). Please switch to a credit card.`,
};

export const GUARDIAN_CONSENT_REQUIRED: Text = {
  ja: '未成年の方は保護者の同意が必要です。同意を得たうえでチェックしてください。',
  en: 'Minors need a guardian’s consent. Tick the box once your guardian has agreed.',
};

/** The conditions shown before choosing GMOAB (docs/spec.md §9), with the fee in force on `now`. */
export function deferredConditions(now: Date): Text[] {
  const fee = deferredPaymentFeeAt(now);
  const late = DEFERRED_PAYMENT.lateFeeTaxIncluded;
  return [
    { ja: `後払い手数料：1回のお申し込みにつき${yen(fee.taxIncluded, 'ja')}（税込、税抜${yen(fee.preTax, 'ja')}）`, en: `Fee: ${yen(fee.taxIncluded, 'en')} per application (tax included; ${yen(fee.preTax, 'en')} before tax)` },
    { ja: `お支払い期限：請求書発行日から${DEFERRED_PAYMENT.dueDays}日以内`, en: `Due within ${DEFERRED_PAYMENT.dueDays} days of the invoice` },
    { ja: `期限を過ぎると再発行手数料${yen(late, 'ja')}（税込）、最大${DEFERRED_PAYMENT.maxLateFees}回・合計${yen(lateFeeTotal(DEFERRED_PAYMENT.maxLateFees), 'ja')}まで`, en: `Late fee ${yen(late, 'en')} (tax included) per reminder, up to ${DEFERRED_PAYMENT.maxLateFees} times (${yen(lateFeeTotal(DEFERRED_PAYMENT.maxLateFees), 'en')} in total)` },
    { ja: `ご利用限度額：未払い分の累計${yen(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded, 'ja')}（税込）まで`, en: `Limit: ${yen(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded, 'en')} unpaid in total (tax included)` },
    { ja: '初回のご利用時に審査があります。審査の結果ご利用いただけない場合があります。', en: 'Screening applies on first use; it may not be approved.' },
    { ja: `${ADULT_AGE}歳未満の方は保護者の同意が必要です。`, en: `Shoppers under ${ADULT_AGE} need a guardian’s consent.` },
  ];
}
