import { formatNumber } from '../../shared/format.ts';
import { DEFERRED_PAYMENT, DEFERRED_PAYMENT_FEE, SHIPPING_FEE, TAX_RATE_PERCENT, lateFeeTotal } from '../../shared/money.ts';
import { CARD_BRANDS, DEFECT_REPORT_DAYS } from '../../shared/payment.ts';
import type { Text } from '../../shared/text.ts';

/**
 * The figures the information pages quote, as text in both languages. Amounts come from
 * shared/money.ts, so a fee changes in one place and every page follows.
 */


function taxIncluded(yen: number): Text {
  return { ja: `${formatNumber(yen)}円（税込）`, en: `¥${formatNumber(yen)} (tax included)` };
}

function withPreTax(fee: { taxIncluded: number; preTax: number }): Text {
  return {
    ja: `${formatNumber(fee.taxIncluded)}円（税込／税抜${formatNumber(fee.preTax)}円）`,
    en: `¥${formatNumber(fee.taxIncluded)} including tax (¥${formatNumber(fee.preTax)} before tax)`,
  };
}

export const FEES = {
  shipping: withPreTax(SHIPPING_FEE),
  deferred: withPreTax(DEFERRED_PAYMENT_FEE),
  lateFee: taxIncluded(DEFERRED_PAYMENT.lateFeeTaxIncluded),
  lateFeeMax: taxIncluded(lateFeeTotal(DEFERRED_PAYMENT.maxLateFees)),
  deferredLimit: taxIncluded(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded),
} as const;

export const DUE_DAYS: Text = {
  ja: `${DEFERRED_PAYMENT.dueDays}日以内`,
  en: `within ${DEFERRED_PAYMENT.dueDays} days`,
};

export const MAX_LATE_FEES: Text = {
  ja: `最大${DEFERRED_PAYMENT.maxLateFees}回`,
  en: `up to ${DEFERRED_PAYMENT.maxLateFees} times`,
};

export const DEFECT_REPORT_PERIOD: Text = {
  ja: `商品到着後${DEFECT_REPORT_DAYS}日以内`,
  en: `within ${DEFECT_REPORT_DAYS} days of arrival`,
};

export const TAX_RATE: Text = { ja: `${TAX_RATE_PERCENT}%`, en: `${TAX_RATE_PERCENT}%` };

export const CARD_BRAND_LIST: Text = { ja: CARD_BRANDS.join('、'), en: CARD_BRANDS.join(', ') };

/** The conditions of GMO deferred payment (docs/spec.md §9), quoted by the FAQ, the how-to and the terms. */
export const DEFERRED_PAYMENT_CONDITIONS: Text[] = [
  {
    ja: `後払い手数料として、お申し込み1回につき${FEES.deferred.ja}を申し受けます。`,
    en: `A deferred-payment fee of ${FEES.deferred.en} is charged per application.`,
  },
  {
    ja: `請求書は商品とは別にお送りします。請求書の発行日から${DUE_DAYS.ja}に、記載のコンビニエンスストア・銀行・郵便局でお支払いください。`,
    en: `The invoice is sent separately from the box. Please pay it ${DUE_DAYS.en} of its issue date at a convenience store, bank or post office listed on it.`,
  },
  {
    ja: `お支払い期限を過ぎた場合、再請求書を発行するごとに再請求書発行手数料${FEES.lateFee.ja}がかかります（${MAX_LATE_FEES.ja}、合計${FEES.lateFeeMax.ja}まで）。`,
    en: `If the due date passes, a reissue fee of ${FEES.lateFee.en} is added for each reminder invoice (${MAX_LATE_FEES.en}, ${FEES.lateFeeMax.en} in total at most).`,
  },
  {
    ja: `ご利用限度額は、未払い残高の累計で${FEES.deferredLimit.ja}までです。`,
    en: `The limit is ${FEES.deferredLimit.en}, counted as the cumulative unpaid balance.`,
  },
  {
    ja: 'GMOペイメントサービス株式会社による与信審査があります。審査の結果によっては、後払いをご利用いただけない場合があります（審査結果の理由はお答えできません）。',
    en: 'GMO Payment Service, Inc. screens each application. Depending on the result, deferred payment may not be available (the reasons cannot be disclosed).',
  },
  {
    ja: '未成年の方は、保護者の同意を得たうえでご利用ください。',
    en: 'Minors must have the consent of a parent or guardian.',
  },
];
