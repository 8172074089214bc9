import type { PublicConfig } from '../../shared/config.ts';
import type { NumberedPart } from './numbering.ts';
import { mailLink, p, same } from './types.ts';

/** The privacy policy's second half: cookies and analytics, your rights, contact. */
export function privacyRights({ brandName, company }: PublicConfig): NumberedPart[] {
  return [
    {
      id: 'cookies',
      title: { ja: 'Cookie・アクセス解析', en: 'Cookies and analytics' },
      blocks: [
        p({
          ja: '本サービスは、ログイン状態の維持や利便性の向上のためにCookieを使用します。ブラウザの設定でCookieを無効にできますが、その場合はログインなど一部の機能をご利用いただけません。',
          en: 'The Service uses cookies to keep you logged in and to make it easier to use. You can disable cookies in your browser, but logging in and some other features will then not work.',
        }),
        p({
          ja: '本サービスは、利用状況を把握するため、Google LLCが提供するアクセス解析ツール「Googleアナリティクス」を利用しています。Googleアナリティクスは、Cookieを用いて個人を特定しない形でアクセス情報を収集し、その情報はGoogle LLCのプライバシーポリシーに基づいて管理されます。',
          en: 'To understand how the Service is used, we use Google Analytics, an access analysis tool provided by Google LLC. It collects access information with cookies in a form that does not identify you, and Google LLC manages it under its own privacy policy.',
        }),
        p({
          ja: 'Googleアナリティクスによる収集を停止したい場合は、Googleが提供するオプトアウトアドオンをご利用いただくか、ブラウザのCookieを無効にしてください。',
          en: 'To opt out of Google Analytics, install the opt-out add-on provided by Google or disable cookies in your browser.',
        }),
        {
          kind: 'links',
          items: [
            { label: { ja: 'Googleアナリティクス オプトアウト アドオン', en: 'Google Analytics opt-out add-on' }, href: 'https://tools.google.com/dlpage/gaoptout' },
            { label: { ja: 'Googleのプライバシーポリシー', en: 'Google Privacy Policy' }, href: 'https://policies.google.com/privacy' },
          ],
        },
      ],
    },
    {
      id: 'requests',
      title: { ja: '開示・訂正等のご請求', en: 'Disclosure, correction and other requests' },
      blocks: [
        p({
          ja: 'ご本人から、保有個人データの利用目的の通知、開示、内容の訂正・追加・削除、利用の停止・消去、第三者提供の停止、第三者提供記録の開示のご請求があった場合は、ご本人であることを確認したうえで、法令に従い遅滞なく対応します。',
          en: 'If you ask us to tell you the purposes of use of your retained personal data, to disclose it, to correct, add to or delete it, to stop using or erase it, to stop providing it to third parties, or to disclose records of such provision, we will confirm your identity and respond without delay as the law requires.',
        }),
        p({
          ja: '会員情報の多くは、マイページからご自身で確認・変更できます。その他のご請求は、下記のお問い合わせ窓口までメールでご連絡ください。',
          en: 'Most of your account details can be viewed and changed in My page. For anything else, e-mail the contact point below.',
        }),
      ],
    },
    {
      id: 'minors',
      title: { ja: '未成年の方の個人情報', en: 'Minors' },
      blocks: [p({
        ja: '未成年の方が本サービスを利用される場合は、保護者の同意を得たうえで個人情報をご提供ください。',
        en: 'Minors should provide personal information only with the consent of a parent or guardian.',
      })],
    },
    {
      id: 'changes',
      title: { ja: '本ポリシーの変更', en: 'Changes to this policy' },
      blocks: [p({
        ja: `当社は、法令の改正や本サービスの変更に応じて、本ポリシーを変更することがあります。重要な変更を行う場合は、${brandName}上でのお知らせなど分かりやすい方法でお知らせします。変更後のポリシーは、本ページに掲載した時点から効力を生じます。`,
        en: `We may change this policy when laws or the Service change. Important changes will be announced clearly, for example in the ${brandName} news. The changed policy takes effect when it is posted on this page.`,
      })],
    },
    {
      id: 'contact',
      title: { ja: 'お問い合わせ窓口', en: 'Contact' },
      blocks: [
        p({
          ja: '個人情報の取扱いに関するお問い合わせは、次の窓口までお願いいたします。',
          en: 'For questions about how we handle personal information, please contact:',
        }),
        {
          kind: 'dl',
          items: [
            { term: { ja: '事業者名', en: 'Company' }, details: [p(same(company.name))] },
            { term: { ja: '代表者', en: 'Representative' }, details: [p(same(company.representative))] },
            { term: { ja: '所在地', en: 'Address' }, details: [p(same(company.address))] },
            {
              term: { ja: 'メールアドレス', en: 'E-mail' },
              details: [mailLink(company.email)],
            },
          ],
        },
      ],
    },
  ];
}
