import type { PublicConfig } from '../../shared/config.ts';
import { href } from '../../shared/routes.ts';
import { p, type Question } from './types.ts';

/** The FAQ groups about the account and everything else (split from faq.ts for size). */
export const accountQuestions: Question[] = [
  {
    id: 'faq-address',
    question: { ja: 'お届け先を変更したいです。', en: 'How do I change my delivery address?' },
    answer: [
      p({
        ja: 'マイページの「お届け先・会員情報の変更」から変更できます。申込締切後に変更された場合、その回のBOXには反映されないことがありますので、お早めにお手続きください。',
        en: 'Under “Address and details” in My page. A change made after a round’s deadline may not reach that round’s box, so please update it early.',
      }),
      { kind: 'links', items: [{ label: { ja: 'お届け先・会員情報の変更', en: 'Address and details' }, href: href('profileAddress') }] },
    ],
  },
  {
    id: 'faq-password',
    question: { ja: 'パスワードを忘れてしまいました。', en: 'I forgot my password.' },
    answer: [
      p({
        ja: 'パスワード再設定ページでご登録のメールアドレスを入力してください。届いた認証コードを入力すると、新しいパスワードを設定できます。',
        en: 'Enter your registered e-mail address on the password reset page. After entering the code we send you, you can set a new password.',
      }),
      { kind: 'links', items: [{ label: { ja: 'パスワード再設定', en: 'Reset password' }, href: href('reminder') }] },
    ],
  },
  {
    id: 'faq-email',
    question: { ja: 'メールアドレスを変更したいです。', en: 'How do I change my e-mail address?' },
    answer: [p({
      ja: 'マイページの会員情報から変更できます。新しいメールアドレスに届く認証コードを入力すると、変更が完了します。',
      en: 'From your details in My page. The change is complete once you enter the code sent to the new address.',
    })],
  },
  {
    id: 'faq-no-mail',
    question: { ja: '認証コードやお知らせのメールが届きません。', en: 'I do not receive your e-mails.' },
    answer: [p({
      ja: '迷惑メールフォルダをご確認のうえ、当サイトのドメインからのメールを受信できるよう設定してください。それでも届かない場合は、お問い合わせ窓口までご連絡ください。',
      en: 'Please check your spam folder and allow mail from our domain. If it still does not arrive, contact us.',
    })],
  },
  {
    id: 'faq-withdraw',
    question: { ja: '退会するにはどうすればよいですか？', en: 'How do I close my account?' },
    answer: [p({
      ja: 'マイページの会員情報から退会できます。ご利用中のプランがある場合は、先に解約のお手続きをお済ませください。退会後は注文履歴や領収書を表示できなくなります。',
      en: 'From your details in My page. If you have an active plan, cancel it first. After closing the account, your order history and receipts are no longer available.',
    })],
  },
];

export function otherQuestions({ brandName, company }: PublicConfig): Question[] {
  return [
    {
      id: 'faq-english',
      question: { ja: '英語で表示できますか？', en: 'Can I read the site in English?' },
      answer: [p({
        ja: '画面上部の「English」ボタンで、表示中のページを英語に切り替えられます。別のページに移動すると日本語表示に戻ります。',
        en: 'Yes. The “English” button at the top switches the current page to English. Moving to another page switches back to Japanese.',
      })],
    },
    {
      id: 'faq-resale',
      question: { ja: '届いたグッズを転売してもよいですか？', en: 'May I resell the goods I receive?' },
      answer: [p({
        ja: '営利目的での転売は利用規約で禁止しています。アーティストとファンの皆さまのため、ご理解とご協力をお願いいたします。',
        en: 'Reselling for profit is prohibited by our terms of service. Thank you for helping us protect the artists and their fans.',
      })],
    },
    {
      id: 'faq-contact',
      question: { ja: '問い合わせ先を教えてください。', en: 'How do I contact you?' },
      answer: [
        p({
          ja: `${brandName}のお問い合わせは、メールにて承っております。ご注文に関するお問い合わせの際は、ご登録のメールアドレスとお名前をお書き添えください。順次ご返信いたします。`,
          en: `Please write to ${brandName} support by e-mail. For questions about an order, include your registered e-mail address and name. We reply in the order messages arrive.`,
        }),
        { kind: 'links', items: [{ label: { ja: company.email, en: company.email }, href: `mailto:${company.email}` }] },
      ],
    },
  ];
}
