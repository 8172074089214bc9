import { formatDateTime, lastAcceptedMoment } from '../../shared/format.ts';
import { describeCharge, priceChangeText, type ChargeParts } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { HOW_TO_CANCEL_TEXT, issueLabel } from '../../shared/subscription-rules.ts';
import type { Lang } from '../../shared/text.ts';
import { layoutMail } from './mail-layout.ts';
import type { OutgoingMail } from './mailer.ts';

/** What a subscriber is told of a price change (issue 19): which round, the prices, until when to act. */
export interface PriceChangeMailFacts {
  lang: Lang;
  to: string;
  artistName: string;
  planName: string;
  /**
   * This subscriber's round at the old and the new price (goods × count, shipping, any fee), so
   * the mail states what one delivery costs as every page does (shared/price-display.ts).
   */
  before: ChargeParts;
  after: ChargeParts;
  count: number;
  period: number;
  /** The first round charged at the new price: ISO instants, as the shared round rules take them. */
  round: { endDate: string; shipDate: string };
}

interface Vars {
  brand: string;
  origin: string;
}

/**
 * Sent when the change is saved, before the round's deadline: the shopper can skip, pause or
 * cancel before the first charge at the new price. Rounds already charged keep their price.
 */
export function renderPriceChangeMail(f: PriceChangeMailFacts, vars: Vars): OutgoingMail {
  const en = f.lang === 'en';
  const deadline = formatDateTime(lastAcceptedMoment(f.round.endDate));
  const issue = issueLabel(f.round);
  const shape = { count: f.count, period: f.period };
  const change = priceChangeText(describeCharge(f.before, shape), describeCharge(f.after, shape));
  const lines = en
    ? [`The price of ${f.artistName} "${f.planName}" changes from the ${issue.en}: ${change.en}.`,
      'Rounds already charged keep the price you paid.',
      `The new price is charged when applications for the ${issue.en} close at ${deadline} (Japan time). To skip that round, pause or cancel, do it in "My plans" before then.`,
      HOW_TO_CANCEL_TEXT.en]
    : [`${f.artistName}「${f.planName}」の価格を、${issue.ja}から変更します: ${change.ja}。`,
      'すでに決済済みの回の価格は変わりません。',
      `新しい価格は${issue.ja}の申込締切（${deadline}）の時点で決済します。この回をスキップ・休止・解約する場合は、それまでに「プラン管理」からお手続きください。`,
      HOW_TO_CANCEL_TEXT.ja];
  const subject = en ? `Price change from the ${issue.en}: ${f.artistName} "${f.planName}"` : `価格改定のお知らせ（${issue.ja}から）${f.artistName}「${f.planName}」`;
  const link = { text: en ? 'My plans' : 'プラン管理', url: new URL(href('plan'), vars.origin).toString() };
  return layoutMail(f.lang, f.to, subject, lines, link, vars.brand);
}
