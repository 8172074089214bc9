import { formatDate, formatDateTime, lastAcceptedMoment } from '../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment.ts';
import { describeCharge, roundPriceText, type ChargeParts } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { SHOPPER_METHOD_OF, SHOPPER_PAYMENT_METHOD_TEXTS, type ShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import { SHOPPER_ROUND_TEXTS } from '../../shared/shopper-round.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import type { Lang } from '../../shared/text.ts';
import { layoutMail, type MailLink } from './mail-layout.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * The mails of a later round a fan pays herself (issue 34, decision 0093): the request, its
 * reminder, the lapse, the 承諾通知 once paid, and a payment that came after the round lapsed.
 */
export interface ShopperRoundMailFacts {
  lang: Lang;
  to: string;
  artistName: string;
  planName: string;
  count: number;
  period: number;
  round: { endDate: string; shipDate: string };
  charge: ChargeParts;
  method: ShopperPaymentMethod;
}

interface Vars {
  brand: string;
  origin: string;
}

const what = (f: ShopperRoundMailFacts, en: boolean): string =>
  en ? `${f.artistName} "${f.planName}" × ${f.count}, ${issueLabel(f.round).en}` : `${f.artistName}「${f.planName}」×${f.count}（${issueLabel(f.round).ja}）`;

function amount(f: ShopperRoundMailFacts, en: boolean): string {
  const method = PAYMENT_METHOD_LABELS[SHOPPER_METHOD_OF[f.method]][en ? 'en' : 'ja'];
  const price = roundPriceText(describeCharge(f.charge, { count: f.count, period: f.period }));
  return en ? `${price.en}, by ${method}` : `${price.ja}、${method}`;
}

const payBy = (f: ShopperRoundMailFacts) => formatDateTime(lastAcceptedMoment(f.round.endDate));
const myPlans = (en: boolean, vars: Vars): MailLink => ({ text: en ? 'My plans' : 'プラン管理', url: new URL(href('plan'), vars.origin).toString() });
const payLink = (en: boolean, vars: Vars): MailLink => ({ text: en ? 'Pay on My page' : 'マイページでお支払いへ進む', url: new URL(href('profile'), vars.origin).toString() });

export function renderShopperRequestMail(f: ShopperRoundMailFacts, vars: Vars, reminder = false): OutgoingMail {
  const en = f.lang === 'en';
  const lang = en ? 'en' : 'ja';
  const lines = en
    ? [reminder ? `We have not received the payment for ${what(f, en)} yet.` : `The payment for ${what(f, en)} is now open.`,
      `Amount: ${amount(f, en)}.`, `Pay by: ${payBy(f)} (Japan time).`, SHOPPER_PAYMENT_METHOD_TEXTS[f.method].means.en]
    : [reminder ? `${what(f, en)}のお支払いがまだ確認できていません。` : `${what(f, en)}のお支払いのお願いです。`,
      `お支払い額: ${amount(f, en)}`, `お支払い期限: ${payBy(f)}（申込締切）`, SHOPPER_PAYMENT_METHOD_TEXTS[f.method].means.ja];
  const label = issueLabel(f.round)[lang];
  const subject = reminder
    ? (en ? `Reminder: please pay for the ${label} by ${formatDate(lastAcceptedMoment(f.round.endDate))}` : `【リマインド】${label}のお支払いをお願いします（期限 ${formatDate(lastAcceptedMoment(f.round.endDate))}）`)
    : (en ? `Please pay for the ${label} by ${formatDate(lastAcceptedMoment(f.round.endDate))}` : `${label}のお支払いのお願い（期限 ${formatDate(lastAcceptedMoment(f.round.endDate))}）`);
  return layoutMail(f.lang, f.to, subject, lines, payLink(en, vars), vars.brand);
}

export function renderShopperLapsedMail(f: ShopperRoundMailFacts, vars: Vars, paused: boolean): OutgoingMail {
  const en = f.lang === 'en';
  const lang = en ? 'en' : 'ja';
  const after = paused
    ? (en ? 'Several rounds in a row went unpaid, so your subscription is now paused. Resume it in "My plans" whenever you like.'
      : 'お支払いのない回が続いたため、定期便を休止しました。再開はいつでも「プラン管理」からできます。')
    : SHOPPER_ROUND_TEXTS.goesOn[lang];
  const lines = [en ? `${what(f, en)}:` : `${what(f, en)}について`, SHOPPER_ROUND_TEXTS.lapsed[lang], after];
  const subject = en ? `The ${issueLabel(f.round).en} will not be sent (not paid)` : `${issueLabel(f.round).ja}はお届けしません（お支払いなし）`;
  return layoutMail(f.lang, f.to, subject, lines, myPlans(en, vars), vars.brand);
}

/** The 前払式通信販売 acceptance notice (承諾通知): payment received, before shipment. */
export function renderShopperAcceptedMail(f: ShopperRoundMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const lang = en ? 'en' : 'ja';
  const lines = en
    ? [`${SHOPPER_ROUND_TEXTS.accepted.en}.`, `We received your payment for ${what(f, en)}.`, `Amount: ${amount(f, en)}.`, `It ships around ${formatDate(f.round.shipDate)}.`]
    : [`${SHOPPER_ROUND_TEXTS.accepted.ja}。`, `${what(f, en)}のお支払いを確認しました。`, `お支払い額: ${amount(f, en)}`, `${formatDate(f.round.shipDate)}ごろ発送予定です。`];
  const subject = `${SHOPPER_ROUND_TEXTS.accepted[lang]}（${issueLabel(f.round)[lang]}）`;
  return layoutMail(f.lang, f.to, subject, lines, { text: en ? 'Order history' : '注文履歴', url: new URL(href('orderHistory'), vars.origin).toString() }, vars.brand);
}

/** A payment that arrived after its round lapsed or was cancelled: how the money comes back. */
export function renderShopperLateMail(f: ShopperRoundMailFacts, vars: Vars, way: 'refund' | 'transfer'): OutgoingMail {
  const en = f.lang === 'en';
  const back = way === 'refund'
    ? (en ? 'We have refunded it to your PayPay account.' : 'PayPayへご返金しました。')
    : (en ? 'A konbini payment cannot be refunded through the payment service: we return it by bank transfer. Our support will contact you by mail to ask for your bank account.'
      : 'コンビニ払いは決済サービスから返金できないため、銀行振込でご返金します。振込先の口座は、サポートからメールでおうかがいします。');
  const lines = en
    ? [`Your payment for ${what(f, en)} arrived after the round had closed, so this box will not be sent.`, `Amount: ${amount(f, en)}.`, back]
    : [`${what(f, en)}のお支払いは、受付終了後に届いたため、この回はお届けしません。`, `お支払い額: ${amount(f, en)}`, back];
  const subject = en ? `Your payment will be returned (${issueLabel(f.round).en})` : `お支払いのご返金について（${issueLabel(f.round).ja}）`;
  return layoutMail(f.lang, f.to, subject, lines, myPlans(en, vars), vars.brand);
}
