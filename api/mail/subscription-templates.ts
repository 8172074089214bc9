import type { UserPlanChange, UserPlanCreated } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment.ts';
import { changeMoneyTexts, describeCharge, roundPriceText } from '../../shared/price-display.ts';
import { RETURNS_POLICY_HEADING, returnsPolicyText } from '../../shared/returns-policy.ts';
import { href } from '../../shared/routes.ts';
import {
  CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, ROUND_RULE_TEXT, deadlineTimeLabel, issueLabel, undoUntilLabel,
} from '../../shared/subscription-rules.ts';
import { checkoutRefundText } from '../../shared/subscription-messages.ts';
import type { Lang, Text } from '../../shared/text.ts';
import { layoutMail } from './mail-layout.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * Subscription mails (issue 8), ja/en, text and HTML: the confirmation after checkout and a
 * notice after each change. Each names the round (「◯月号」) it concerns, as the pages do.
 */
export type ChangeMailKind = 'tier' | 'count' | 'skip' | 'pause' | 'resume' | 'cancel' | 'undoSkip' | 'undoPause';

const CHANGE_SUBJECTS: Record<ChangeMailKind, Text> = {
  tier: { ja: 'プランの変更を受け付けました', en: 'Your plan change is confirmed' },
  count: { ja: '個数の変更を受け付けました', en: 'Your count change is confirmed' },
  skip: { ja: 'スキップを受け付けました', en: 'Your skip is confirmed' },
  pause: { ja: '休止を受け付けました', en: 'Your pause is confirmed' },
  resume: { ja: '再開を受け付けました', en: 'Your plan is resumed' },
  cancel: { ja: '解約を受け付けました', en: 'Your cancellation is confirmed' },
  undoSkip: { ja: 'スキップを取り消しました', en: 'Your skip is undone' },
  undoPause: { ja: '休止を取り消しました', en: 'Your pause is undone' },
};

const REFUNDED: Text = {
  ja: 'お申し込み時に決済済みだったこの回の代金は取り消し、全額返金します。',
  en: 'The payment already made for this round is voided and refunded in full.',
};

function refundLine(lang: Lang, change: UserPlanChange): string {
  return change.refund ? checkoutRefundText(change.refund, null)[lang] : REFUNDED[lang];
}

/** Skip and pause mails say until when and how to take them back; undo mails say what happens to the round now. */
function undoLines(lang: Lang, kind: ChangeMailKind, change: UserPlanChange): string[] {
  const round = change.appliesFrom.order;
  const { undo } = change.userPlan;
  if ((kind === 'skip' || kind === 'pause') && undo) {
    const how: Text = { ja: 'マイページの「プラン管理」で「取り消す」を押してください。', en: 'press "Undo" under "My plans" in My page.' };
    const until = undoUntilLabel({ endDate: undo.until })[lang];
    return [lang === 'en' ? `${until}: ${how.en}` : `${until}。取り消すには${how.ja}`];
  }
  if ((kind === 'undoSkip' || kind === 'undoPause') && round) {
    const issue = issueLabel(round);
    const deadline = deadlineTimeLabel(round);
    return [lang === 'en'
      ? `The ${issue.en} will be sent. It is charged at the round's deadline (${deadline.en}) with the plan and count in force then; a payment refunded by the ${kind === 'undoSkip' ? 'skip' : 'pause'} is charged again then.`
      : `${issue.ja}はお届けします。代金は申込締切（${deadline.ja}）の時点のプラン・個数で、そのときに決済します（${kind === 'undoSkip' ? 'スキップ' : '休止'}で返金した代金も、このとき改めて決済します）。`];
  }
  return [];
}

interface Vars {
  brand: string;
  origin: string;
  /** Where a damaged or wrong box is reported (the returns policy names it). */
  supportEmail: string;
}

/** Tier and count changes alter what a round costs: their mails state the new round's price. */
const PRICED_CHANGES: ReadonlySet<ChangeMailKind> = new Set(['tier', 'count']);

export function renderSubscribedMail(lang: Lang, to: string, created: UserPlanCreated, vars: Vars): OutgoingMail {
  const { userPlan, appliesFrom, history } = created;
  const en = lang === 'en';
  const round = appliesFrom.order;
  const issue = round ? issueLabel(round)[lang] : '';
  const charged = describeCharge(history, { count: userPlan.count, period: userPlan.plan.period });
  const lines = [
    en ? `Thank you. Your subscription to ${userPlan.artist.name} "${userPlan.plan.name}" is confirmed.`
      : `${userPlan.artist.name}「${userPlan.plan.name}」のお申し込みを受け付けました。ありがとうございます。`,
    en ? `First box: ${issue}, ships around ${round ? formatDate(round.shipDate) : '-'}. Quantity: ${userPlan.count}.`
      : `初回のお届け: ${issue}（${round ? formatDate(round.shipDate) : '-'}ごろ発送予定）、数量: ${userPlan.count}`,
    en ? `Charged now by ${PAYMENT_METHOD_LABELS[history.paymentMethod].en}: ${roundPriceText(charged).en}.`
      : `今回のお支払い（${PAYMENT_METHOD_LABELS[history.paymentMethod].ja}）: ${roundPriceText(charged).ja}`,
    CHARGE_TIMING_TEXT[lang],
    ROUND_RULE_TEXT[lang],
    HOW_TO_CANCEL_TEXT[lang],
    `${RETURNS_POLICY_HEADING[lang]}${en ? ': ' : '：'}${returnsPolicyText(vars.supportEmail)[lang]}`,
  ];
  const subject = en ? `Your subscription is confirmed (${issue})` : `お申し込みを受け付けました（${issue}）`;
  return build(lang, to, subject, lines, vars);
}

export function renderChangeMail(lang: Lang, to: string, kind: ChangeMailKind, change: UserPlanChange, vars: Vars): OutgoingMail {
  const { userPlan, appliesFrom } = change;
  const en = lang === 'en';
  const lines = [
    en ? `${CHANGE_SUBJECTS[kind].en}: ${userPlan.artist.name} "${userPlan.plan.name}" × ${userPlan.count}, ${appliesFrom.label.en}.`
      : `${userPlan.artist.name}「${userPlan.plan.name}」×${userPlan.count}：${appliesFrom.label.ja}反映されます。`,
    ...(PRICED_CHANGES.has(kind) ? moneyLines(lang, change) : change.refunded ? [refundLine(lang, change)] : []),
    ...undoLines(lang, kind, change),
    ...(PRICED_CHANGES.has(kind) ? [pricedLine(lang, change)] : []),
    ROUND_RULE_TEXT[lang],
  ];
  const subject = en ? `${CHANGE_SUBJECTS[kind].en} (${appliesFrom.label.en})` : `${CHANGE_SUBJECTS[kind].ja}（${appliesFrom.label.ja}）`;
  return build(lang, to, subject, lines, vars);
}

/** A tier or count change on a paid round: the new charge and the refund of the old one, each with its method. */
function moneyLines(lang: Lang, change: UserPlanChange): string[] {
  const money = changeMoneyTexts(change);
  const lines = [change.refunded ? money.refund : null, money.charge].filter((line) => line !== null).map((line) => `${line[lang]}${lang === 'en' ? '.' : '。'}`);
  if (change.refunded && !money.refund) lines.push(REFUNDED[lang]);
  return lines;
}

function pricedLine(lang: Lang, { userPlan, appliesFrom }: UserPlanChange): string {
  const price = roundPriceText(describeCharge(userPlan.nextRoundCharge, { count: userPlan.count, period: userPlan.plan.period }));
  return lang === 'en' ? `Price ${appliesFrom.label.en}: ${price.en}.` : `${appliesFrom.label.ja}のお支払い: ${price.ja}`;
}

function build(lang: Lang, to: string, subject: string, lines: string[], vars: Vars): OutgoingMail {
  const link = { text: lang === 'en' ? 'My plans' : 'プラン管理', url: new URL(href('plan'), vars.origin).toString() };
  return layoutMail(lang, to, subject, lines, link, vars.brand);
}
