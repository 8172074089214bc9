import type { PublicConfig } from '../../shared/config.ts';
import { toNumbered, type NumberedPart } from './numbering.ts';
import { privacyRights } from './privacy-rights.ts';
import { list, p, type ContentBuilder } from './types.ts';

/** /privacy: the privacy policy under Japan's Act on the Protection of Personal Information. */
export const privacyContent: ContentBuilder = (config) => ({
  title: { ja: 'プライバシーポリシー', en: 'Privacy policy' },
  description: {
    ja: `${config.brandName}のプライバシーポリシー。取得する個人情報、利用目的、第三者提供、業務委託、安全管理、Cookie・アクセス解析、開示等の請求について定めています。`,
    en: `The privacy policy of ${config.brandName}: what we collect, why, who receives it, how it is protected, cookies and analytics, and your rights.`,
  },
  lead: [p({
    ja: `${config.company.name}（以下「当社」といいます）は、当社が運営する「${config.brandName}」（以下「本サービス」といいます）における利用者の個人情報を、個人情報の保護に関する法律その他の関係法令を遵守し、以下のとおり適切に取り扱います。`,
    en: `${config.company.name} (“we”) handles the personal information of users of ${config.brandName} (“the Service”) as set out below, in accordance with Japan’s Act on the Protection of Personal Information and other applicable laws.`,
  })],
  toc: true,
  sections: toNumbered([...collectionAndUse(), ...sharing(config), ...privacyRights(config)]),
  closing: [{ ja: '制定日：2026年11月1日', en: 'Effective: 1 November 2026' }],
});

function collectionAndUse(): NumberedPart[] {
  return [
    {
      id: 'collect',
      title: { ja: '取得する情報', en: 'Information we collect' },
      blocks: [
        p({ ja: '当社は、本サービスの提供にあたり、次の情報を取得します。', en: 'To provide the Service, we collect the following.' }),
        list([
          {
            ja: '会員登録・変更時にご入力いただく情報：氏名、メールアドレス、電話番号、生年月日、性別、郵便番号、住所、パスワード',
            en: 'What you enter when signing up or updating your account: name, e-mail address, phone number, date of birth, gender, postal code, address and password',
          },
          {
            ja: 'ご注文に関する情報：お申し込みのプラン、受付回、お支払い方法、決済の状況、お届け先、配送状況',
            en: 'Order information: the plans and rounds you apply for, payment method, payment status, delivery address and shipping status',
          },
          {
            ja: '決済に関する情報：クレジットカード情報は決済代行会社の画面でご入力いただき、当社はカード番号を保持しません。当社が受け取るのは、決済の結果およびカードを識別するための情報（カード番号の下4桁、有効期限等）に限られます。',
            en: 'Payment information: card details are entered on the payment provider’s page and we do not hold card numbers. We receive only the result of each payment and what identifies the card (such as its last four digits and expiry date).',
          },
          {
            ja: 'お問い合わせの内容、およびその対応の記録',
            en: 'The content of your enquiries and our replies',
          },
          {
            ja: 'アクセスに関する情報：Cookie、IPアドレス、ブラウザ・端末の種類、閲覧したページ、アクセス日時',
            en: 'Access information: cookies, IP address, browser and device type, pages viewed and times of access',
          },
        ]),
      ],
    },
    {
      id: 'purposes',
      title: { ja: '利用目的', en: 'Purposes of use' },
      blocks: [
        p({ ja: '当社は、取得した情報を次の目的で利用します。', en: 'We use this information to:' }),
        list([
          { ja: '会員の登録、本人確認、ログインの管理のため', en: 'register members, confirm identity and manage logins' },
          { ja: 'プランのお申し込みの受付、料金の請求・決済、商品の発送のため', en: 'accept applications, bill and collect payments, and ship boxes' },
          { ja: '発送のご案内、受付回の締切・お届けに関するご連絡のため', en: 'tell you about shipments, deadlines and deliveries' },
          { ja: 'お問い合わせへの対応のため', en: 'answer your enquiries' },
          { ja: '新しいプランやキャンペーン等のお知らせのため（配信を希望されない場合は停止できます）', en: 'tell you about new plans and campaigns (you can opt out at any time)' },
          { ja: '不正利用の防止、利用規約に違反する行為への対応のため', en: 'prevent fraud and deal with breaches of the terms of service' },
          { ja: '本サービスの改善、新サービスの開発のための統計的な分析のため', en: 'analyse usage statistically to improve the Service and develop new ones' },
        ]),
      ],
    },
  ];
}

function sharing({ brandName }: PublicConfig): NumberedPart[] {
  return [
    {
      id: 'third-parties',
      title: { ja: '第三者への提供', en: 'Provision to third parties' },
      blocks: [
        p({
          ja: '当社は、次の場合を除き、あらかじめご本人の同意を得ることなく個人情報を第三者に提供しません。',
          en: 'We do not provide personal information to third parties without your prior consent, except:',
        }),
        list([
          { ja: '法令に基づく場合', en: 'where required by law' },
          { ja: '人の生命、身体または財産の保護のために必要で、ご本人の同意を得ることが困難な場合', en: 'where needed to protect a person’s life, body or property and consent is difficult to obtain' },
          { ja: '国の機関等の法令の定める事務への協力が必要で、同意を得ることで事務の遂行に支障を及ぼすおそれがある場合', en: 'where we must cooperate with public authorities and asking for consent could hinder their work' },
        ]),
        p({
          ja: `クレジットカードでのお支払いでは、決済のために必要な情報を当社の決済代行会社に提供します。GMO後払いをご利用の場合は、与信審査・請求・代金回収のため、氏名、住所、電話番号、メールアドレス、ご注文の内容と金額をGMOペイメントサービス株式会社に提供します。同社における個人情報の取扱いは、同社のプライバシーポリシーによります。${brandName}で後払いをお選びいただいた時点で、この提供に同意いただいたものとします。`,
          en: `For card payments we provide the payment provider with what a payment needs. If you choose GMO deferred payment, we provide GMO Payment Service, Inc. with your name, address, phone number, e-mail address, and the items and amount ordered, for screening, invoicing and collection; that company handles them under its own privacy policy. By choosing deferred payment on ${brandName} you consent to this provision.`,
        }),
      ],
    },
    {
      id: 'outsourcing',
      title: { ja: '業務の委託', en: 'Outsourcing' },
      blocks: [
        p({
          ja: '当社は、利用目的の達成に必要な範囲で、個人情報の取扱いの全部または一部を外部に委託することがあります。主な委託先は次のとおりです。',
          en: 'We may entrust all or part of the handling of personal information to other companies, as far as the purposes require. They include:',
        }),
        list([
          { ja: '配送業者（商品のお届けのため、氏名・住所・電話番号を提供します）', en: 'shipping carriers (name, address and phone number, to deliver boxes)' },
          { ja: '商品の保管・梱包・発送を行う物流事業者', en: 'logistics companies that store, pack and ship goods' },
          { ja: 'サーバー・システムの運用事業者、メール配信事業者', en: 'server and system operators, and e-mail delivery services' },
        ]),
        p({
          ja: '委託にあたっては、個人情報を適切に取り扱う委託先を選定し、契約を締結したうえで必要かつ適切な監督を行います。',
          en: 'We choose contractors that handle personal information properly, bind them by contract and supervise them as needed.',
        }),
      ],
    },
    {
      id: 'security',
      title: { ja: '安全管理措置', en: 'Security measures' },
      blocks: [
        p({
          ja: '当社は、個人情報の漏えい、滅失またはき損を防ぐため、次の措置を講じます。',
          en: 'To prevent personal information from being leaked, lost or damaged, we:',
        }),
        list([
          { ja: '通信の暗号化（TLS）', en: 'encrypt all communication (TLS)' },
          { ja: 'パスワードは復元できない形式（ハッシュ化）で保存', en: 'store passwords only in a form that cannot be reversed (hashed)' },
          { ja: '個人情報にアクセスできる者の限定とアクセス記録の管理', en: 'limit who can access personal information and keep access logs' },
          { ja: '取扱規程の整備と従業者への定期的な教育', en: 'keep handling rules and train staff regularly' },
        ]),
      ],
    },
  ];
}
