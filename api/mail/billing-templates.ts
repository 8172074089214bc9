import { trackingOf } from '../../shared/carriers.ts';
import { formatDate, formatDateTime, formatPrice, lastAcceptedMoment } from '../../shared/format.ts';
import { lastChanceToPay } from '../../shared/billing-rules.ts';
import { DEFERRED_PAYMENT } from '../../shared/money.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../shared/payment.ts';
import { amountText, describeCharge, roundPriceText, type ChargeParts } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { HOW_TO_CANCEL_TEXT, issueLabel } from '../../shared/subscription-rules.ts';
import type { Lang } from '../../shared/text.ts';
import { layoutMail, type MailLink } from './mail-layout.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * The billing mails (issue 9), ja/en, text and HTML: the reminder before a charge, the charge
 * succeeded or failed, and the box shipped. Each names the round (「◯月号」) and links to where
 * the shopper acts on it.
 */
export interface BillingMailFacts {
  lang: Lang;
  to: string;
  artistName: string;
  planName: string;
  count: number;
  /** ISO instants, as the shared round rules take them. */
  round: { endDate: string; shipDate: string };
  /** The round's charge (goods × count, shipping, fee, total) and the months the round covers. */
  charge: ChargeParts;
  period: number;
  method: PaymentMethod;
  /** failed: when the charge is tried again, if it will be. */
  nextAttemptAt?: Date | null;
  /** shipped: the tracking number and carrier code. */
  shipNumber?: string;
  carrier?: string;
}

interface Vars {
  brand: string;
  origin: string;
}

type Link = MailLink;

function what(f: BillingMailFacts, en: boolean): string {
  return en ? `${f.artistName} "${f.planName}" × ${f.count}, ${issueLabel(f.round).en}` : `${f.artistName}「${f.planName}」×${f.count}（${issueLabel(f.round).ja}）`;
}

/** 「1回のお届け ¥3,960（税込・送料込）（内訳: …）、クレジットカード」: shared/price-display.ts words it. */
function amount(f: BillingMailFacts, en: boolean): string {
  const method = PAYMENT_METHOD_LABELS[f.method][en ? 'en' : 'ja'];
  const price = roundPriceText(describeCharge(f.charge, { count: f.count, period: f.period }));
  return en ? `${price.en}, by ${method}` : `${price.ja}、${method}`;
}

export function renderReminderMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  // The last minute still accepted, as every deadline in the shop reads (shared/format.ts).
  const last = lastAcceptedMoment(f.round.endDate);
  const deadline = formatDateTime(last);
  const lines = en
    ? [`${what(f, en)} will be charged when applications close at ${deadline} (Japan time).`, `Amount: ${amount(f, en)}.`,
      `To skip this round, pause or cancel, do it in "My plans" by ${deadline}; after that a change applies from the next round.`, HOW_TO_CANCEL_TEXT.en]
    : [`${what(f, en)}は、申込締切（${deadline}）の時点で決済します。`, `ご請求額: ${amount(f, en)}`,
      `この回をスキップ・休止・解約する場合は、${deadline}までに「プラン管理」からお手続きください。締切後の変更は次の回からの反映となります。`, HOW_TO_CANCEL_TEXT.ja];
  const subject = en ? `${issueLabel(f.round).en}: payment on ${formatDate(last)}` : `${issueLabel(f.round).ja}のお支払いのご案内（申込締切 ${formatDate(last)}）`;
  return build(f.lang, f.to, subject, lines, { text: en ? 'My plans' : 'プラン管理', url: new URL(href('plan'), vars.origin).toString() }, vars);
}

export function renderChargedMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const lines = en
    ? [`Payment confirmed for ${what(f, en)}.`, `Amount: ${amount(f, en)}.`, `Your box is being made; it ships around ${formatDate(f.round.shipDate)}.`]
    : [`${what(f, en)}のお支払いが完了しました。`, `お支払い額: ${amount(f, en)}`, `ただいま商品を制作中です。${formatDate(f.round.shipDate)}ごろ発送予定です。`];
  const subject = en ? `Payment confirmed (${issueLabel(f.round).en})` : `お支払い完了のお知らせ（${issueLabel(f.round).ja}）`;
  return build(f.lang, f.to, subject, lines, orderHistoryLink(en, vars), vars);
}

export function renderFailedMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const retry = f.nextAttemptAt
    ? (en ? `We will try again on ${formatDateTime(f.nextAttemptAt)} (Japan time), or at once when you change your card.` : `${formatDateTime(f.nextAttemptAt)}に再度決済します。カードを変更すると、その時点ですぐに再決済します。`)
    : (en ? `Change your card or payment method and we will try again at once, up to the ship date.` : `カードまたはお支払い方法を変更いただくと、発送日まではすぐに再決済します。`);
  const lines = en
    ? [`We could not charge ${what(f, en)}.`, `Amount: ${amount(f, en)}.`, retry, 'Until the payment goes through, this round\'s box cannot be shipped.']
    : [`${what(f, en)}のお支払いができませんでした。`, `ご請求額: ${amount(f, en)}`, retry, 'お支払いが完了するまで、この回の商品は発送できません。'];
  const subject = en ? `Payment failed: please update your card (${issueLabel(f.round).en})` : `【要対応】お支払いができませんでした（${issueLabel(f.round).ja}）`;
  const link = { text: en ? 'Change your card or payment method' : 'お支払い方法を変更する', url: new URL(href('profilePayment'), vars.origin).toString() };
  return build(f.lang, f.to, subject, lines, link, vars);
}

/**
 * A round the card's bank wants the shopper to authenticate (3-D Secure on an off-session
 * charge): nothing was taken; my page has the button that opens the bank's page for that charge.
 */
export function renderAuthenticationMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const by = formatDateTime(lastChanceToPay(new Date(f.round.shipDate)));
  const lines = en
    ? [`Your card issuer asks you to confirm the payment for ${what(f, en)} (3-D Secure authentication).`, `Amount: ${amount(f, en)}.`,
      `Please open My page and press "Authenticate now" by ${by} (Japan time); the payment goes through once you are authenticated.`,
      'Until the payment goes through, this round\'s box cannot be shipped.']
    : [`${what(f, en)}のお支払いについて、カード会社が本人認証（3-Dセキュア）を求めています。`, `ご請求額: ${amount(f, en)}`,
      `${by}までに、マイページの「本人認証に進む」からお手続きください。認証が完了するとお支払いが確定します。`,
      'お支払いが完了するまで、この回の商品は発送できません。'];
  const subject = en ? `Action needed: please authenticate your payment (${issueLabel(f.round).en})` : `【要対応】お支払いの本人認証のお願い（${issueLabel(f.round).ja}）`;
  const link = { text: en ? 'Go to My page' : 'マイページで本人認証に進む', url: new URL(href('profile'), vars.origin).toString() };
  return build(f.lang, f.to, subject, lines, link, vars);
}

/**
 * A held charge the shopper authenticated after the round's ship date (decision 0064): the box
 * left without them, so the payment was refunded in full at once. Sent once the gateway took the
 * refund; the order history shows the charge and its refund.
 */
export function renderLateAuthenticationMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const issue = issueLabel(f.round);
  const paid = amountText(f.charge.total);
  const shipDate = formatDate(f.round.shipDate);
  const lines = en
    ? [`Your authentication (3-D Secure) was completed after the ship date of ${what(f, en)} (${shipDate}), so we have refunded its payment of ${paid.en} in full.`,
      'This round\'s box will not be delivered to you.',
      'It may take a few days to a billing cycle for your card company to show the refund.',
      'If your card issuer asks for authentication again for a later round, please complete it before that round\'s ship date.']
    : [`本人認証（3-Dセキュア）の完了が発送日（${shipDate}）に間に合わなかったため、${what(f, en)}のお支払い ${paid.ja} を全額返金しました。`,
      'この回の商品はお届けしません。',
      'カード会社の明細に反映されるまで、数日から1請求期間ほどかかる場合があります。',
      '次の回以降でカード会社から本人認証を求められた場合は、その回の発送日までにお手続きください。'];
  const subject = en ? `Payment refunded (${issue.en})` : `お支払い返金のお知らせ（${issue.ja}）`;
  return build(f.lang, f.to, subject, lines, orderHistoryLink(en, vars), vars);
}

/**
 * A GMOAB round the billing run did not charge: it would pass the deferred payment limit
 * (shared/deferred-payment.ts). The shopper switches to a card before the last chance to pay.
 */
export function renderDeferredLimitMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const by = formatDateTime(lastChanceToPay(new Date(f.round.shipDate)));
  const limit = formatPrice(DEFERRED_PAYMENT.cumulativeLimitTaxIncluded, en);
  const lines = en
    ? [`We did not charge ${what(f, en)}: with it, your unpaid GMO deferred payments would pass the limit of ${limit}.`,
      `Amount: ${amount(f, en)}.`, `Please switch your payment method to a credit card by ${by} (Japan time); we then charge at once.`,
      'Until the payment goes through, this round\'s box cannot be shipped.']
    : [`${what(f, en)}は、GMO後払いの未払い分の累計がご利用限度額${limit}を超えるため、決済しませんでした。`,
      `ご請求額: ${amount(f, en)}`, `${by}までに、お支払い方法をクレジットカードに変更してください。変更後すぐに決済します。`,
      'お支払いが完了するまで、この回の商品は発送できません。'];
  const subject = en ? `Action needed: switch to a card (${issueLabel(f.round).en})` : `【要対応】クレジットカードへの変更のお願い（${issueLabel(f.round).ja}）`;
  const link = { text: en ? 'Change your payment method' : 'お支払い方法を変更する', url: new URL(href('profilePayment'), vars.origin).toString() };
  return build(f.lang, f.to, subject, lines, link, vars);
}

export function renderShippedMail(f: BillingMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const tracking = trackingOf(f.shipNumber ?? '', f.carrier ?? '');
  const carrier = tracking?.carrierName ? tracking.carrierName[f.lang] : '';
  const trackLine = tracking
    ? (en ? `Tracking number: ${tracking.number}${carrier ? ` (${carrier})` : ''}${tracking.url ? ` — ${tracking.url}` : ''}`
      : `お問い合わせ伝票番号: ${tracking.number}${carrier ? `（${carrier}）` : ''}${tracking.url ? ` ${tracking.url}` : ''}`)
    : '';
  const lines = en
    ? [`${what(f, en)} has shipped.`, trackLine, 'What is inside stays a surprise until you open it. Enjoy!'].filter(Boolean)
    : [`${what(f, en)}を発送しました。`, trackLine, '中身は開けてからのお楽しみです。どうぞお楽しみに！'].filter(Boolean);
  const subject = en ? `Your ${issueLabel(f.round).en} has shipped` : `${issueLabel(f.round).ja}を発送しました`;
  return build(f.lang, f.to, subject, lines, orderHistoryLink(en, vars), vars);
}

function orderHistoryLink(en: boolean, vars: Vars): Link {
  return { text: en ? 'Order history' : '注文履歴', url: new URL(href('orderHistory'), vars.origin).toString() };
}

function build(lang: Lang, to: string, subject: string, lines: string[], link: Link, vars: Vars): OutgoingMail {
  return layoutMail(lang, to, subject, lines, link, vars.brand);
}
