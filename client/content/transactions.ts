import { href } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { RETURNS_POLICY_HEADING, returnsPolicyText } from '../../shared/returns-policy.ts';
import { CARD_BRAND_LIST, DUE_DAYS, FEES, MAX_LATE_FEES } from './shop-facts.ts';
import { list, mailLink, note, p, same, type Block, type ContentBuilder, type Definition } from './types.ts';

/**
 * /transactions: 特定商取引法に基づく表記, the notice a mail-order seller must show (特商法 第11条),
 * including what a subscription (定期購入) must state since the 2022 amendment. The company's
 * own details come from configuration.
 */
export const transactionsContent: ContentBuilder = ({ brandName, company, publicOrigin }) => ({
  title: { ja: '特定商取引法に基づく表記', en: 'Legal notice (Specified Commercial Transactions Act)' },
  description: {
    ja: `${brandName}の特定商取引法に基づく表記。販売業者、所在地、販売価格、送料・手数料、支払方法と時期、引渡時期、返品・解約について記載しています。`,
    en: `The legal notice of ${brandName} under Japan’s Specified Commercial Transactions Act: seller, address, prices, fees, payment, delivery, returns and cancellation.`,
  },
  toc: false,
  sections: [
    {
      id: 'notice',
      blocks: [
        {
          kind: 'dl',
          items: [
            row({ ja: '販売業者', en: 'Seller' }, same(company.name)),
            row({ ja: '運営統括責任者', en: 'Representative' }, same(company.representative)),
            row({ ja: '所在地', en: 'Address' }, same(company.address)),
            row({ ja: '電話番号', en: 'Phone' }, same(company.tel), note({
              ja: 'お問い合わせは、確実に記録が残るメールにてお願いいたします。お電話では、ご本人確認やご注文内容の確認に時間をいただく場合があります。',
              en: 'Please contact us by e-mail where possible, so that every request is on record. By phone, confirming your identity and order may take longer.',
            })),
            { term: { ja: 'メールアドレス', en: 'E-mail' }, details: [mailLink(company.email)] },
            {
              term: { ja: 'サービス名・URL', en: 'Service and URL' },
              details: [p(same(brandName)), { kind: 'links', items: [{ label: same(publicOrigin), href: publicOrigin }] }],
            },
            row({ ja: '販売価格', en: 'Prices' }, {
              ja: '各プランのページに、1回のお届けあたりのお支払い額（税込・送料込）とその内訳（商品代金・送料）を表示しています。',
              en: 'Each plan’s page shows what one delivery costs (tax and shipping included) and its breakdown (goods and shipping).',
            }),
            {
              term: { ja: '商品代金以外の必要料金', en: 'Charges other than the price' },
              details: [list([
                { ja: `送料：1回のお届けにつき${FEES.shipping.ja}（同じ回の複数箱はまとめてお届けします）`, en: `Shipping: ${FEES.shipping.en} per delivery (several boxes of one round ship together)` },
                { ja: `GMO後払い手数料：お申し込み1回につき${FEES.deferred.ja}`, en: `GMO deferred payment fee: ${FEES.deferred.en} per application` },
                {
                  ja: `GMO後払いの再請求書発行手数料：1回につき${FEES.lateFee.ja}（${MAX_LATE_FEES.ja}、合計${FEES.lateFeeMax.ja}まで）`,
                  en: `GMO deferred payment reminder fee: ${FEES.lateFee.en} each (${MAX_LATE_FEES.en}, ${FEES.lateFeeMax.en} in total at most)`,
                },
                {
                  ja: '銀行振込・コンビニエンスストア払い等でお支払いの際の振込手数料・払込手数料（お客様のご負担となります）',
                  en: 'Bank transfer and convenience-store payment charges, borne by the customer',
                },
                { ja: 'インターネット接続料金・通信料金（お客様のご負担となります）', en: 'Internet connection and data charges, borne by the customer' },
              ])],
            },
            {
              term: { ja: '支払方法', en: 'Payment methods' },
              details: [list([
                { ja: `クレジットカード（${CARD_BRAND_LIST.ja}）`, en: `Credit card (${CARD_BRAND_LIST.en})` },
                { ja: 'GMO後払い（コンビニエンスストア・銀行・郵便局）', en: 'GMO deferred payment (convenience store, bank or post office)' },
              ])],
            },
            {
              term: { ja: '支払時期', en: 'When payment is due' },
              details: [list([
                {
                  ja: 'クレジットカード：初回はお申し込み時、以降は解約されるまで受付回ごとに決済します。引き落とし日はカード会社の規定によります。',
                  en: 'Credit card: charged when you apply and then each round until you cancel. The debit date follows your card issuer’s rules.',
                },
                {
                  ja: `GMO後払い：請求書の発行日から${DUE_DAYS.ja}にお支払いください。`,
                  en: `GMO deferred payment: pay ${DUE_DAYS.en} of the invoice’s issue date.`,
                },
              ])],
            },
            row({ ja: '商品の引渡時期', en: 'Delivery' }, {
              ja: '各プランのページに記載の発送予定日ごろに発送します。制作・物流の事情により発送が遅れる場合は、お知らせ等でご案内します。',
              en: 'Shipped around the ship date shown on each plan’s page. If production or logistics delay a round, we announce it in the news.',
            }),
            row({ ja: '申込の有効期限', en: 'Application period' }, {
              ja: '各受付回の申込締切までにお申し込みください。締切後のお申し込みは次の受付回の分となります。',
              en: 'Apply by the deadline of each round. Applications after a deadline count towards the next round.',
            }),
            {
              term: { ja: '定期購入の条件', en: 'Subscription terms' },
              details: [p({
                ja: '本サービスは定期購入契約です。お申し込み後、解約のお手続きをされるまで受付回ごとに自動で継続し、その都度、商品代金と送料（後払いの場合は手数料を含みます）をお支払いいただきます。契約期間の定めや最低購入回数はありません。',
                en: 'This is a subscription. After you apply it renews automatically each round until you cancel, and each round is paid for with its price and shipping (plus the fee for deferred payment). There is no minimum term and no minimum number of rounds.',
              })],
            },
            {
              term: RETURNS_POLICY_HEADING,
              details: [p(returnsPolicyText(company.email)), mailLink(company.email)],
            },
            {
              term: { ja: '解約・申込の撤回', en: 'Cancellation' },
              details: [
                p({
                  ja: 'マイページの「プラン」から、次の受付回の申込締切までに解約のお手続きをしてください。解約手数料はかかりません。申込締切を過ぎた受付回の分は、解約後もお届けとお支払いの対象となります。',
                  en: 'Cancel under “Plans” in My page before the next round’s deadline. There is no cancellation fee. A round whose deadline has passed is still delivered and charged.',
                }),
                note({
                  ja: '通信販売のため、クーリング・オフ制度の対象とはなりません。',
                  en: 'As a mail-order sale, this is not subject to the cooling-off system.',
                }),
                { kind: 'links', items: [{ label: { ja: 'マイページ（プラン）', en: 'My page (plans)' }, href: href('plan') }] },
              ],
            },
            {
              term: { ja: '動作環境', en: 'Supported environments' },
              details: [
                list([
                  { ja: 'パソコン：Google Chrome、Microsoft Edge、Mozilla Firefox、Safari の各最新版', en: 'Computers: the latest Google Chrome, Microsoft Edge, Mozilla Firefox or Safari' },
                  { ja: 'スマートフォン：iOS の Safari、Android の Google Chrome の各最新版', en: 'Smartphones: the latest Safari on iOS or Google Chrome on Android' },
                ]),
                note({
                  ja: 'JavaScriptとCookieを有効にしてご利用ください。',
                  en: 'Please enable JavaScript and cookies.',
                }),
              ],
            },
          ],
        },
      ],
    },
  ],
});

function row(term: Text, text: Text, ...more: Block[]): Definition {
  return { term, details: [p(text), ...more] };
}
