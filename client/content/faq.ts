import { href } from '../../shared/routes.ts';
import { CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, ROUND_RULE_TEXT, UNDO_RULE_TEXT } from '../../shared/subscription-rules.ts';
import { CARD_BRAND_LIST, DEFECT_REPORT_PERIOD, DEFERRED_PAYMENT_CONDITIONS, FEES } from './shop-facts.ts';
import { list, p, type ContentBuilder, type ContentSection, type Question } from './types.ts';
import { accountQuestions, otherQuestions } from './faq-account.ts';

/** /faq: questions grouped as in the spec's areas; each answer opens in place (<details>). */
export const faqContent: ContentBuilder = (config) => ({
  title: { ja: 'よくある質問', en: 'FAQ' },
  description: {
    ja: `${config.brandName}のよくある質問。お支払い方法・後払い・送料・お届け時期・返品・解約・プラン変更・会員情報についてお答えします。`,
    en: `Frequently asked questions about ${config.brandName}: payment, deferred payment, shipping, delivery, returns, cancelling, changing plans and your account.`,
  },
  toc: true,
  sections: [
    group('order', { ja: 'ご注文・お支払い', en: 'Orders and payment' }, orderQuestions(config.deferredPayment)),
    group('delivery', { ja: 'お届け', en: 'Delivery' }, deliveryQuestions),
    group('cancel', { ja: '解約・変更', en: 'Cancelling and changing plans' }, cancelQuestions),
    group('account', { ja: '会員情報', en: 'Your account' }, accountQuestions),
    group('other', { ja: 'その他', en: 'Other' }, otherQuestions(config)),
  ],
});

function group(id: string, heading: ContentSection['heading'], items: Question[]): ContentSection {
  return { id, heading, blocks: [{ kind: 'faq', items }] };
}

/** Deferred payment is spoken of only while the shop offers it (DEFERRED_PAYMENT, shared/deferred-switch.ts). */
function orderQuestions(deferred: boolean): Question[] {
  const all = ORDER_QUESTIONS(deferred);
  return deferred ? all : all.filter((q) => q.id !== 'faq-deferred');
}

const ORDER_QUESTIONS = (deferred: boolean): Question[] => [
  {
    id: 'faq-payment-methods',
    question: { ja: '支払い方法は何が使えますか？', en: 'How can I pay?' },
    answer: [
      p(deferred ? {
        ja: `クレジットカードとGMO後払いがご利用いただけます。クレジットカードは${CARD_BRAND_LIST.ja}に対応しています。`,
        en: `By credit card or GMO deferred payment. We accept ${CARD_BRAND_LIST.en}.`,
      } : {
        ja: `クレジットカードがご利用いただけます。${CARD_BRAND_LIST.ja}に対応しています。`,
        en: `By credit card. We accept ${CARD_BRAND_LIST.en}.`,
      }),
      p({
        ja: 'カード情報は決済代行会社の画面で入力していただくため、当サイトにカード番号は保存されません。お支払い方法はマイページの「お支払い方法」から変更できます。',
        en: 'Card details are entered on the payment provider’s page, so your card number is never stored on this site. You can change the payment method under “Payment method” in My page.',
      }),
      { kind: 'links', items: [{ label: { ja: 'お支払い方法の設定', en: 'Payment method settings' }, href: href('profilePayment') }] },
    ],
  },
  {
    id: 'faq-deferred',
    question: { ja: '後払いの条件を教えてください。', en: 'What are the conditions of deferred payment?' },
    answer: [list(DEFERRED_PAYMENT_CONDITIONS)],
  },
  {
    id: 'faq-charge-timing',
    question: { ja: '料金はいつ請求されますか？', en: 'When am I charged?' },
    answer: [
      p({
        ja: `${CHARGE_TIMING_TEXT.ja}クレジットカードの場合はご登録のカードで自動的に決済します。`,
        en: `${CHARGE_TIMING_TEXT.en} With a card, the registered card is charged automatically.`,
      }),
      ...(deferred ? [p({
        ja: 'GMO後払いの場合は、受付回ごとに請求書をお送りします。請求書に記載の期限までにお支払いください。',
        en: 'With GMO deferred payment, you receive an invoice for each round. Please pay it by the due date printed on it.',
      })] : []),
    ],
  },
  {
    id: 'faq-missed-deadline',
    question: { ja: '申込締切を過ぎてしまいました。', en: 'I missed the deadline.' },
    answer: [p({
      ja: '締切を過ぎたお申し込みは、次の受付回からのお届けとなります。受付中の回と締切日は、各プランのページでご確認ください。',
      en: 'Applications after the deadline start with the next round. Each plan page shows the open round and its deadline.',
    })],
  },
  {
    id: 'faq-receipt',
    question: { ja: '領収書は発行できますか？', en: 'Can I get a receipt?' },
    answer: [
      p({
        ja: 'マイページの「注文履歴」から、各ご注文の領収書を表示・印刷できます。',
        en: 'Yes. Open “Order history” in My page to view and print the receipt for each order.',
      }),
      { kind: 'links', items: [{ label: { ja: '注文履歴', en: 'Order history' }, href: href('orderHistory') }] },
    ],
  },
];

const deliveryQuestions: Question[] = [
  {
    id: 'faq-shipping-fee',
    question: { ja: '送料はかかりますか？', en: 'Is there a shipping fee?' },
    answer: [p({
      ja: `1回のお届けにつき${FEES.shipping.ja}の送料がかかります（同じ回の複数箱はまとめてお届けします）。プランの種類にかかわらず同じ金額で、各プランのページの金額は送料込みで表示しています。`,
      en: `Yes: ${FEES.shipping.en} per delivery (several boxes of one round ship together), whatever the plan. The prices on each plan’s page include it.`,
    })],
  },
  {
    id: 'faq-ship-timing',
    question: { ja: 'いつ届きますか？', en: 'When will my box arrive?' },
    answer: [p({
      ja: '各プランのページに記載の発送予定日ごろに発送します。発送時にメールでお知らせしますので、到着まで少々お待ちください。地域や天候、交通事情によってはお届けまで数日かかる場合があります。',
      en: 'Boxes ship around the ship date shown on each plan page, and we e-mail you when yours leaves. Depending on region, weather and traffic, delivery may take a few more days.',
    })],
  },
  {
    id: 'faq-contents',
    question: { ja: 'BOXの中身を事前に知ったり、選んだりできますか？', en: 'Can I see or choose what is in the box?' },
    answer: [p({
      ja: 'BOXの中身は届くまでのお楽しみのため、事前の公開やグッズ・絵柄の指定はできません。あらかじめご了承ください。',
      en: 'No. The contents stay a surprise until the box arrives, so they are not announced and items or designs cannot be chosen.',
    })],
  },
  {
    id: 'faq-returns',
    question: { ja: '返品・交換はできますか？', en: 'Can I return or exchange a box?' },
    answer: [p({
      ja: `中身がサプライズの商品のため、お客様のご都合（イメージ違い・重複など）による返品・交換はお受けできません。ただし、初期不良や配送中の破損、内容の誤りがあった場合は、${DEFECT_REPORT_PERIOD.ja}にお問い合わせ窓口までご連絡ください。交換または返金にて対応いたします。`,
      en: `Because the contents are a surprise, we cannot accept returns or exchanges for personal reasons (not to your taste, duplicates and so on). If an item is defective, damaged in transit or wrong, contact us ${DEFECT_REPORT_PERIOD.en} and we will replace it or refund you.`,
    })],
  },
  {
    id: 'faq-overseas',
    question: { ja: '海外に届けてもらえますか？', en: 'Do you ship abroad?' },
    answer: [p({
      ja: 'お届け先は日本国内に限らせていただいております。',
      en: 'Sorry, we deliver to addresses in Japan only.',
    })],
  },
];

const cancelQuestions: Question[] = [
  {
    id: 'faq-cancel',
    question: { ja: '解約するにはどうすればよいですか？', en: 'How do I cancel?' },
    answer: [
      p({
        ja: `${HOW_TO_CANCEL_TEXT.ja}解約手数料はかかりません。`,
        en: `${HOW_TO_CANCEL_TEXT.en} There is no cancellation fee.`,
      }),
      p(ROUND_RULE_TEXT),
      { kind: 'links', items: [{ label: { ja: 'マイページ（プラン）', en: 'My page (plans)' }, href: href('plan') }] },
    ],
  },
  {
    id: 'faq-change-plan',
    question: { ja: 'プランを変更できますか？', en: 'Can I change my plan?' },
    answer: [
      p({
        ja: 'マイページの「プラン管理」から、同じアーティストの別のプランや個数に変更できます。別のアーティストのBOXをご希望の場合は、新たにお申し込みください。',
        en: 'Yes: another plan of the same artist, or another count, under “My plans” in My page. For another artist’s box, simply apply for it as well.',
      }),
      p(ROUND_RULE_TEXT),
    ],
  },
  {
    id: 'faq-skip-pause',
    question: { ja: '1回だけお休みしたり、しばらく休止したりできますか？', en: 'Can I skip a round or pause for a while?' },
    answer: [
      p({
        ja: 'はい。マイページの「プラン管理」で、次の回を1回スキップするか、再開するまで休止できます。スキップ・休止中の回はお届けも決済もありません。',
        en: 'Yes. Under “My plans” you can skip the next round, or pause until you resume. Skipped and paused rounds are neither shipped nor charged.',
      }),
      p(ROUND_RULE_TEXT),
      p(UNDO_RULE_TEXT),
    ],
  },
];
