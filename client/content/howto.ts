import { href } from '../../shared/routes.ts';
import { CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, ROUND_RULE_TEXT } from '../../shared/subscription-rules.ts';
import { CARD_BRAND_LIST, DEFERRED_PAYMENT_CONDITIONS, FEES } from './shop-facts.ts';
import { list, note, p, type ContentBuilder } from './types.ts';

/** /howto: from sign-up to the box at the door, and how a subscription continues or ends. */
export const howtoContent: ContentBuilder = ({ brandName }) => ({
  title: { ja: 'ご利用方法', en: 'How it works' },
  description: {
    ja: `${brandName}のご利用方法。会員登録からプランのお申し込み、お支払い、お届け、プランの変更・解約までをご案内します。`,
    en: `How ${brandName} works: signing up, choosing a plan, paying, receiving your box, and changing or cancelling your plan.`,
  },
  lead: [
    p({
      ja: `${brandName}は、推しのアーティストやクリエイターのグッズが詰まったBOXを定期的にお届けするサービスです。BOXの中身は届くまでのお楽しみ。開ける瞬間のわくわくも含めてお楽しみください。`,
      en: `${brandName} delivers a box of goods from the artists and creators you love, round after round. What is inside stays a surprise until it arrives, so the moment you open it is part of the fun.`,
    }),
  ],
  toc: true,
  sections: [
    {
      id: 'words',
      heading: { ja: '受付回・申込締切・発送予定日について', en: 'Rounds, deadlines and ship dates' },
      blocks: [
        {
          kind: 'dl',
          items: [
            {
              term: { ja: '受付回', en: 'Round' },
              details: [p({
                ja: 'BOXは「受付回」ごとに制作・発送します。各プランのページに、いま受付中の回が表示されます。',
                en: 'Boxes are made and shipped round by round. Each plan page shows the round that is open now.',
              })],
            },
            {
              term: { ja: '申込締切', en: 'Deadline' },
              details: [p({
                ja: 'その回のBOXをお申し込みいただける最終日です。締切を過ぎたお申し込みは、次の受付回の分となります。',
                en: 'The last day to apply for that round. Applications after the deadline count towards the next round.',
              })],
            },
            {
              term: { ja: '発送予定日', en: 'Ship date' },
              details: [p({
                ja: 'その回のBOXを発送する予定日です。発送予定日ごろに発送し、配送業者を通じてお届けします。',
                en: 'The day that round’s boxes are planned to ship. Boxes leave around that date and reach you through the carrier.',
              })],
            },
          ],
        },
        note({
          ja: 'BOXの中身は公開していません。届いてから開けるまでのお楽しみです。',
          en: 'The contents of a box are never announced in advance: they are yours to discover when you open it.',
        }),
      ],
    },
    {
      id: 'steps',
      heading: { ja: 'ご利用の流れ', en: 'Step by step' },
      blocks: [
        {
          kind: 'steps',
          items: [
            {
              title: { ja: '会員登録', en: 'Sign up' },
              body: [p({
                ja: 'メールアドレスを登録し、届いた認証コードを入力して会員登録を行います。お名前・お届け先・電話番号などをご登録ください。',
                en: 'Register your e-mail address and enter the code we send you. Then add your name, delivery address and phone number.',
              })],
            },
            {
              title: { ja: 'アーティストとプランを選ぶ', en: 'Choose an artist and a plan' },
              body: [p({
                ja: 'ラインナップから推しのアーティストを選び、プラン（ライト・スタンダード・プレミアムなど）を選びます。毎月お届けのプランのほか、3か月ごとにまとめてお届けするプランもあります。',
                en: 'Pick your artist from the lineup, then a plan (Light, Standard, Premium and so on). Besides monthly plans, some plans deliver every three months in one go.',
              })],
            },
            {
              title: { ja: '申込締切までにお申し込み', en: 'Apply before the deadline' },
              body: [p({
                ja: 'プランのページで受付中の回・申込締切・発送予定日を確認し、締切までにお申し込みください。',
                en: 'Check the open round, its deadline and ship date on the plan page, and apply before the deadline.',
              })],
            },
            {
              title: { ja: 'お支払い', en: 'Pay' },
              body: [p({
                ja: `クレジットカード（${CARD_BRAND_LIST.ja}）またはGMO後払いをお選びいただけます。カード情報は決済代行会社の画面で入力するため、当サイトにカード番号が保存されることはありません。`,
                en: `Pay by credit card (${CARD_BRAND_LIST.en}) or GMO deferred payment. Card details are entered on the payment provider’s page, so your card number is never stored on this site.`,
              })],
            },
            {
              title: { ja: '発送予定日ごろにお届け', en: 'Your box arrives around the ship date' },
              body: [p({
                ja: '発送予定日ごろにBOXを発送し、発送後にメールでお知らせします。配送状況はマイページの注文履歴でもご確認いただけます。',
                en: 'We ship your box around the ship date and e-mail you when it leaves. You can also follow it in the order history in My page.',
              })],
            },
            {
              title: { ja: 'マイページで継続・解約', en: 'Continue or cancel in My page' },
              body: [p({
                ja: `プランは解約されるまで受付回ごとに自動で継続します。${CHARGE_TIMING_TEXT.ja}${HOW_TO_CANCEL_TEXT.ja}`,
                en: `Your plan renews automatically each round until you cancel. ${CHARGE_TIMING_TEXT.en} ${HOW_TO_CANCEL_TEXT.en}`,
              })],
            },
          ],
        },
      ],
    },
    {
      id: 'fees',
      heading: { ja: '料金・送料', en: 'Prices and shipping' },
      blocks: [
        list([
          {
            ja: '各プランのページには、1回のお届けにお支払いいただく金額（税込・送料込）と、その内訳（商品代金・送料）を表示しています。',
            en: 'Each plan’s page shows what one delivery costs, tax and shipping included, and its breakdown (goods and shipping).',
          },
          {
            ja: `送料は、1回のお届けにつき${FEES.shipping.ja}です（同じ回の複数個はまとめてお届けします）。`,
            en: `Shipping is ${FEES.shipping.en} per round (several boxes of one round ship together).`,
          },
          {
            ja: `GMO後払いをご利用の場合は、別途後払い手数料${FEES.deferred.ja}がかかります。`,
            en: `GMO deferred payment adds a fee of ${FEES.deferred.en}.`,
          },
        ]),
      ],
    },
    {
      id: 'payment',
      heading: { ja: 'お支払い方法', en: 'Payment methods' },
      blocks: [
        p({
          ja: `クレジットカードは${CARD_BRAND_LIST.ja}がご利用いただけます。${CHARGE_TIMING_TEXT.ja}`,
          en: `We accept ${CARD_BRAND_LIST.en}. ${CHARGE_TIMING_TEXT.en}`,
        }),
        p({ ja: 'GMO後払いのご利用条件は次のとおりです。', en: 'GMO deferred payment works as follows.' }),
        list(DEFERRED_PAYMENT_CONDITIONS),
        { kind: 'links', items: [{ label: { ja: 'お支払い方法の設定', en: 'Set your payment method' }, href: href('profilePayment') }] },
      ],
    },
    {
      id: 'change-cancel',
      heading: { ja: 'プランの変更・解約', en: 'Changing or cancelling a plan' },
      blocks: [
        list([
          {
            ja: 'マイページの「プラン管理」で、同じアーティストの別のプランへの変更、個数の変更、1回スキップ、休止・再開、解約ができます。各画面に、どの回（「◯月号から」）に反映されるかを表示します。',
            en: 'Under “My plans” in My page you can change to another plan of the same artist, change the count, skip one round, pause or resume, and cancel. Each screen says which round (“from the … box”) the change applies from.',
          },
          ROUND_RULE_TEXT,
          HOW_TO_CANCEL_TEXT,
        ]),
        {
          kind: 'links',
          items: [
            { label: { ja: 'マイページ（プラン）', en: 'My page (plans)' }, href: href('plan') },
            { label: { ja: 'ラインナップを見る', en: 'See the lineup' }, href: href('lineup') },
            { label: { ja: 'よくある質問', en: 'FAQ' }, href: href('faq') },
          ],
        },
      ],
    },
  ],
});
