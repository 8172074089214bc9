import { formatNumber } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { formatPayBy, KONBINI_STORES, VOUCHER_COPY } from '../../shared/shopper-checkout.ts';
import type { Lang } from '../../shared/text.ts';
import { layoutMail } from './mail-layout.ts';
import type { OutgoingMail } from './mailer.ts';

export interface VoucherMail {
  userPlanId: number;
  /** 「天音くるり「ライトプラン」 12月号」 as the fan chose it. */
  what: string;
  amount: number;
  number: string | null;
  expiresAt: Date;
}

/** The konbini voucher of a checkout (issue 34): payment number, expiry, amount, how to pay. */
export function renderCheckoutVoucherMail(lang: Lang, to: string, voucher: VoucherMail, vars: { brand: string; origin: string }): OutgoingMail {
  const en = lang === 'en';
  const c = VOUCHER_COPY;
  const sep = en ? ': ' : '：';
  const lines = [
    en ? `Thank you for applying for ${voucher.what}. Please pay at a convenience store by the date below.`
      : `${voucher.what}のお申し込みありがとうございます。下記の期限までにコンビニでお支払いください。`,
    `${c.amount[lang]}${sep}¥${formatNumber(voucher.amount)}`,
    `${c.number[lang]}${sep}${voucher.number ?? '-'}`,
    `${c.expiresAt[lang]}${sep}${formatPayBy(voucher.expiresAt)}${en ? ' (JST)' : ''}`,
    `${c.stores[lang]}${sep}${KONBINI_STORES[lang]}`,
    c.howTo[lang],
    c.lead[lang],
    en ? 'If it is not paid by the date, you are not subscribed and nothing is owed.' : '期限までにお支払いがない場合、お申し込みは成立せず、料金もかかりません。',
  ];
  const subject = en ? 'Your convenience store payment number' : 'コンビニでのお支払い番号のお知らせ';
  const link = { text: c.title[lang], url: new URL(href('checkoutPayment', { userPlanId: voucher.userPlanId }), vars.origin).toString() };
  return layoutMail(lang, to, subject, lines, link, vars.brand);
}
