import { DEFECT_REPORT_DAYS } from './payment.ts';
import type { Text } from './text.ts';

/**
 * The return and exchange policy of a surprise box, stated where 特定商取引法 第12条の6 asks for
 * it (the final confirmation screen), on the legal notice (/transactions) and in the completion
 * mail: one text, so the three cannot drift apart. The report period is DEFECT_REPORT_DAYS
 * (shared/payment.ts), the one the FAQ and the terms quote too.
 */
export const RETURNS_POLICY_HEADING: Text = { ja: '返品・交換', en: 'Returns and exchanges' };

/** `supportEmail`: where a damaged or wrong box is reported (the company's address, COMPANY_EMAIL). */
export function returnsPolicyText(supportEmail: string): Text {
  return {
    ja: 'BOXの中身はお届けまでのサプライズのため、お客様のご都合による返品・交換（開封後の返品、内容のイメージ違いや重複を理由とするものを含みます）はお受けできません。'
      + `商品の破損・不良や内容の誤りがあった場合は、商品到着後${DEFECT_REPORT_DAYS}日以内に、注文番号と状態がわかる写真を添えて ${supportEmail} までメールでご連絡ください。`
      + '当社の送料負担で交換品をお送りします（交換品をご用意できない場合は全額返金します）。期間を過ぎたご連絡には対応できない場合があります。',
    en: 'Because what is inside stays a surprise until it arrives, returns and exchanges for your own reasons (including returns after opening, or contents not to your taste or duplicated) are not accepted. '
      + `If a box arrives damaged, defective or with the wrong contents, e-mail ${supportEmail} within ${DEFECT_REPORT_DAYS} days of its arrival with your order number and a photo showing the problem. `
      + 'We send a replacement at our cost (or refund in full if no replacement is available). Reports after that period may not be accepted.',
  };
}
