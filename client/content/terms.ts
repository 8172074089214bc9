import type { PublicConfig } from '../../shared/config.ts';
import { toArticles, type NumberedPart } from './numbering.ts';
import { CARD_BRAND_LIST, DUE_DAYS, FEES } from './shop-facts.ts';
import { conductArticles } from './terms-conduct.ts';
import { clauses, p, type ContentBuilder } from './types.ts';

/** /terms: the terms of service, as numbered articles (第1条…) with clauses and items. */
export const termsContent: ContentBuilder = (config) => ({
  title: { ja: '利用規約', en: 'Terms of service' },
  description: {
    ja: `${config.brandName}の利用規約。会員登録、サブスクリプションの申込と自動継続、料金と支払、配送、解約、返品、禁止事項などを定めています。`,
    en: `The terms of service of ${config.brandName}: membership, subscriptions and renewal, fees and payment, delivery, cancellation, returns and prohibited conduct.`,
  },
  lead: [p({
    ja: `この利用規約（以下「本規約」といいます）は、${config.company.name}（以下「当社」といいます）が提供する「${config.brandName}」（以下「本サービス」といいます）の利用条件を定めるものです。本サービスをご利用になる方は、本規約に同意したうえでご利用ください。`,
    en: `These terms of service (“these Terms”) set out the conditions for using ${config.brandName} (“the Service”) provided by ${config.company.name} (“we” or “us”). By using the Service you agree to these Terms.`,
  })],
  toc: true,
  sections: toArticles([...membershipArticles(config), ...subscriptionArticles(), ...conductArticles(config)]),
  closing: [{ ja: '附則　本規約は2026年11月1日から施行します。', en: 'Supplementary provision: these Terms take effect on 1 November 2026.' }],
});

function membershipArticles({ brandName }: PublicConfig): NumberedPart[] {
  return [
    {
      id: 'scope',
      title: { ja: '適用', en: 'Scope' },
      blocks: clauses([
        { text: { ja: '本規約は、本サービスの利用に関する当社と利用者との間の一切の関係に適用されます。', en: 'These Terms apply to every relationship between us and users concerning the Service.' } },
        { text: { ja: '当社が本サービス上で掲載するご利用方法、よくある質問、各プランの注意事項等は、本規約の一部を構成します。', en: 'The how-to guide, FAQ, plan notes and similar material we publish on the Service form part of these Terms.' } },
      ]),
    },
    {
      id: 'definitions',
      title: { ja: '定義', en: 'Definitions' },
      blocks: clauses([{
        text: { ja: '本規約において、次の用語は以下の意味で使用します。', en: 'In these Terms:' },
        items: [
          { ja: '「会員」とは、第3条に基づき会員登録を完了した方をいいます。', en: '“Member” means a person who has completed registration under Article 3.' },
          { ja: '「プラン」とは、アーティストまたはクリエイターごとに当社が定める、商品を定期的にお届けするサブスクリプションの内容（料金・お届け周期等）をいいます。', en: '“Plan” means a subscription we define for an artist or creator, with its price and delivery cycle, under which goods are delivered regularly.' },
          { ja: '「商品」とは、プランに基づいてお届けする、内容を事前に公開しないグッズの詰め合わせ（BOX）をいいます。', en: '“Goods” means the box of goods delivered under a Plan, whose contents are not disclosed in advance.' },
          { ja: '「受付回」とは、商品を制作・発送する単位をいい、受付回ごとに申込締切および発送予定日を定めます。', en: '“Round” means a unit in which Goods are made and shipped; each Round has an application deadline and a planned ship date.' },
          { ja: '「申込締切」とは、当該受付回の商品をお申し込みいただける期限をいいます。', en: '“Deadline” means the last moment to apply for a Round’s Goods.' },
          { ja: '「マイページ」とは、会員が登録情報・プラン・注文履歴を確認・変更するための本サービス上のページをいいます。', en: '“My page” means the pages of the Service where Members view and change their details, Plans and order history.' },
        ],
      }]),
    },
    {
      id: 'registration',
      title: { ja: '会員登録', en: 'Registration' },
      blocks: clauses([
        { text: { ja: '会員登録を希望する方は、本規約およびプライバシーポリシーに同意のうえ、当社所定の方法により、正確かつ最新の情報を登録するものとします。', en: 'Anyone wishing to register must agree to these Terms and the privacy policy and register accurate, current information in the way we specify.' } },
        { text: { ja: '未成年の方は、保護者の同意を得たうえで会員登録および本サービスの利用を行うものとします。', en: 'Minors must have the consent of a parent or guardian to register and use the Service.' } },
        {
          text: { ja: '当社は、登録希望者が次のいずれかに該当する場合、登録をお断りすることがあります。', en: 'We may refuse a registration if:' },
          items: [
            { ja: '登録内容に虚偽、誤記または記載漏れがあった場合', en: 'the information is false, mistaken or incomplete;' },
            { ja: '過去に本規約に違反し、利用停止等の措置を受けたことがある場合', en: 'the applicant has previously been suspended for breaching these Terms;' },
            { ja: 'その他、当社が登録を適当でないと判断した場合', en: 'we otherwise reasonably consider the registration inappropriate.' },
          ],
        },
      ]),
    },
    {
      id: 'account',
      title: { ja: 'アカウントの管理', en: 'Account management' },
      blocks: clauses([
        { text: { ja: '会員は、自己の責任においてメールアドレスおよびパスワードを管理するものとし、第三者に利用させ、または貸与・譲渡してはなりません。', en: 'Members are responsible for their e-mail address and password and must not let a third party use them, lend them or transfer them.' } },
        { text: { ja: '登録されたメールアドレスおよびパスワードによる利用は、会員本人による利用とみなします。ただし、当社の故意または過失による場合はこの限りではありません。', en: 'Use with the registered e-mail address and password is treated as use by the Member, except where caused by our intent or negligence.' } },
        { text: { ja: '会員は、登録情報に変更があった場合、速やかにマイページから変更するものとします。変更がなかったことにより生じた不利益について、当社は責任を負いません。', en: 'Members must update their details in My page promptly when they change. We are not responsible for disadvantages arising from a failure to do so.' } },
        { text: { ja: `パスワードの漏えいや不正利用のおそれがある場合、会員は直ちにパスワードを変更し、${brandName}のお問い合わせ窓口に連絡するものとします。`, en: `If a password may have leaked or been misused, the Member must change it at once and inform ${brandName} support.` } },
      ]),
    },
  ];
}

function subscriptionArticles(): NumberedPart[] {
  return [
    {
      id: 'subscription',
      title: { ja: 'サブスクリプションの申込と自動継続', en: 'Subscriptions and automatic renewal' },
      blocks: clauses([
        { text: { ja: '会員は、受付中の受付回の申込締切までに当社所定の方法でプランを申し込むものとし、当社が申込みを承諾した時点で、当該プランに関する契約（以下「利用契約」といいます）が成立します。', en: 'Members apply for a Plan in the way we specify before the Deadline of the open Round; a contract for that Plan (“the Contract”) is formed when we accept the application.' } },
        { text: { ja: '利用契約は、会員が第8条に基づき解約するまで、受付回ごとに自動的に継続します。契約期間の定めおよび最低利用回数はありません。', en: 'The Contract renews automatically each Round until the Member cancels under Article 8. There is no fixed term and no minimum number of Rounds.' } },
        { text: { ja: '申込締切を過ぎた申込みは、次の受付回からの申込みとして取り扱います。', en: 'Applications after a Deadline are treated as applications from the next Round.' } },
        { text: { ja: '商品の内容は届くまで公開しません。会員は、商品の内容・種類・絵柄等を指定できないことを承諾したうえで申し込むものとします。', en: 'The contents of the Goods are not disclosed before delivery. Members apply accepting that they cannot choose the contents, kinds or designs of the Goods.' } },
        { text: { ja: '各受付回の商品は数量に限りがある場合があり、上限に達したときは申込締切前でも受付を終了することがあります。', en: 'Goods of a Round may be limited in number; when the limit is reached, applications may close before the Deadline.' } },
      ]),
    },
    {
      id: 'fees',
      title: { ja: '料金と支払', en: 'Fees and payment' },
      blocks: clauses([
        { text: { ja: '会員は、各プランのページに表示する料金（税込）に加え、送料その他当社が定める料金を支払うものとします。', en: 'Members pay the price shown on each Plan page (tax included) plus shipping and any other fees we specify.' } },
        { text: { ja: `送料は、1回のお届けにつき${FEES.shipping.ja}とします（同じ回の複数の商品はまとめてお届けします）。`, en: `Shipping is ${FEES.shipping.en} per delivery (several boxes of one round ship together).` } },
        {
          text: { ja: '支払方法は次のとおりとします。', en: 'The payment methods are:' },
          items: [
            { ja: `クレジットカード（${CARD_BRAND_LIST.ja}）：初回は申込み時に、以降は受付回ごとに登録されたカードで決済します。`, en: `Credit card (${CARD_BRAND_LIST.en}): charged on application and then each Round to the registered card.` },
            { ja: `GMO後払い：後払い手数料${FEES.deferred.ja}を加算し、請求書の発行日から${DUE_DAYS.ja}に支払うものとします。利用にはGMOペイメントサービス株式会社の審査および同社の定める条件が適用されます。`, en: `GMO deferred payment: a fee of ${FEES.deferred.en} is added and the invoice is paid ${DUE_DAYS.en} of its issue date, subject to screening by GMO Payment Service, Inc. and its conditions.` },
          ],
        },
        { text: { ja: '決済ができなかった場合、当社は当該受付回の商品の発送を保留し、または利用契約を解除することがあります。', en: 'If a payment fails, we may hold the Round’s Goods or terminate the Contract.' } },
        { text: { ja: '支払いに要する振込手数料・払込手数料および通信料金は、会員の負担とします。', en: 'Transfer and payment charges and data charges are borne by the Member.' } },
      ]),
    },
    {
      id: 'delivery',
      title: { ja: '配送', en: 'Delivery' },
      blocks: clauses([
        { text: { ja: '当社は、各受付回の発送予定日ごろに、会員が登録したお届け先へ商品を発送します。お届け先は日本国内に限ります。', en: 'We ship each Round’s Goods around its planned ship date to the delivery address registered by the Member. We deliver within Japan only.' } },
        { text: { ja: '制作・物流の事情や天災等により発送が遅れる場合、当社は本サービス上でその旨をお知らせします。', en: 'If production, logistics or natural disasters delay shipping, we announce it on the Service.' } },
        { text: { ja: '登録情報の誤りや長期不在等により商品をお届けできず当社に返送された場合、再発送に要する送料は会員の負担とします。保管期間を過ぎた商品については、代金を返金せずに処分することがあります。', en: 'If Goods come back to us because of wrong details or long absence, the Member bears the cost of reshipping. Goods not claimed within the storage period may be disposed of without refund.' } },
      ]),
    },
    {
      id: 'cancellation',
      title: { ja: '解約・プランの変更', en: 'Cancellation and plan changes' },
      blocks: clauses([
        { text: { ja: '会員は、マイページからいつでも利用契約を解約できます。次の受付回の申込締切までに解約した場合、当該受付回以降の商品の発送および料金の請求は行いません。解約手数料はかかりません。', en: 'Members may cancel the Contract at any time in My page. If they cancel before the next Round’s Deadline, no Goods are shipped and nothing is charged from that Round on. There is no cancellation fee.' } },
        { text: { ja: '申込締切を過ぎた受付回については、解約後も商品の発送および料金の支払いの対象となります。', en: 'Rounds whose Deadline has passed remain subject to shipment and payment after cancellation.' } },
        { text: { ja: '会員は、マイページから同一アーティストの別のプランに変更できます。変更は、手続き後に申込締切を迎える受付回から適用されます。', en: 'Members may switch to another Plan of the same artist in My page. The change applies from the first Round whose Deadline comes after it.' } },
      ]),
    },
  ];
}
