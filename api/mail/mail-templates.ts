import { href } from '../../shared/routes.ts';
import type { Lang, Text } from '../../shared/text.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * The shop's mails in Japanese and English, text and HTML. Everything interpolated is escaped in
 * the HTML part; a code appears only in the body, never in a subject (subjects show in lock
 * screens and mail logs).
 */
export type MailKind =
  | 'signupCode'
  | 'reminderCode'
  | 'emailCode'
  | 'passwordChanged'
  | 'emailChanged'
  | 'accountDeleted'
  /** The end of a sign-up: welcome, and the way to a first plan (issue 31). */
  | 'welcome'
  /** A reminder asked for an address without an account (docs/decisions/0004). */
  | 'notRegistered'
  /** A sign-up or e-mail change asked for an address that already has an account. */
  | 'alreadyRegistered';

export interface MailVars {
  brand: string;
  /** The shop's public origin, for links. */
  origin: string;
  code?: string;
  newEmail?: string;
}

interface Template {
  subject: Text;
  /** Paragraphs before the code (if any) and after it. */
  before: Text[];
  after: Text[];
  link?: { text: Text; path: string };
}

export const CODE_MINUTES = 30;

const IGNORE: Text = {
  ja: 'このメールにお心当たりがない場合は、破棄してください。',
  en: 'If you did not ask for this, you can ignore this mail.',
};
const NOT_YOU: Text = {
  ja: 'お心当たりがない場合は、至急パスワードを変更するか、お問い合わせください。',
  en: 'If this was not you, change your password at once or contact support.',
};
const CODE_VALID: Text = {
  ja: `認証コードの有効期限は${CODE_MINUTES}分です。一度だけ使えます。`,
  en: `The code is valid for ${CODE_MINUTES} minutes and can be used once.`,
};

function template(kind: MailKind, vars: MailVars): Template {
  switch (kind) {
    case 'signupCode':
      return {
        subject: { ja: '会員登録の認証コード', en: 'Your sign-up code' },
        before: [{ ja: '会員登録の認証コードをお送りします。登録画面に入力してください。', en: 'Here is your sign-up code. Enter it on the sign-up screen.' }],
        after: [CODE_VALID, IGNORE],
      };
    case 'reminderCode':
      return {
        subject: { ja: 'パスワード再設定の認証コード', en: 'Your password reset code' },
        before: [{ ja: 'パスワード再設定の認証コードをお送りします。', en: 'Here is your code to set a new password.' }],
        after: [CODE_VALID, IGNORE],
      };
    case 'emailCode':
      return {
        subject: { ja: 'メールアドレス変更の認証コード', en: 'Your e-mail change code' },
        before: [{ ja: 'このアドレスへの変更を確認する認証コードです。', en: 'Here is the code that confirms the change to this address.' }],
        after: [CODE_VALID, IGNORE],
      };
    case 'passwordChanged':
      return {
        subject: { ja: 'パスワードを変更しました', en: 'Your password was changed' },
        before: [{ ja: 'ご登録のパスワードが変更されました。他の端末はログアウトされました。', en: 'Your password was changed. Other devices have been signed out.' }, NOT_YOU],
        after: [],
        link: { text: { ja: 'ログイン', en: 'Log in' }, path: href('login') },
      };
    case 'emailChanged':
      return {
        subject: { ja: 'メールアドレスを変更しました', en: 'Your e-mail address was changed' },
        before: [{ ja: `ご登録のメールアドレスが ${vars.newEmail ?? ''} に変更されました。今後のお知らせは新しいアドレスに届きます。`, en: `Your e-mail address was changed to ${vars.newEmail ?? ''}. Mail now goes to the new address.` }, NOT_YOU],
        after: [],
      };
    case 'welcome':
      return {
        subject: { ja: `${vars.brand}へようこそ`, en: `Welcome to ${vars.brand}` },
        before: [
          { ja: `会員登録が完了しました。${vars.brand}へようこそ！`, en: `Your account is ready. Welcome to ${vars.brand}!` },
          {
            ja: 'ラインナップから推しのプランを選んでお申し込みください。お申し込み中のプランはマイページの「プラン管理」で確認・変更できます。',
            en: 'Choose a plan of your favourite in the lineup to subscribe. Your plans are under My plans on My page, where you can see and change them.',
          },
          { ja: 'このメールにお心当たりがない場合は、お問い合わせください。', en: 'If you did not sign up, please contact support.' },
        ],
        after: [],
        link: { text: { ja: 'ラインナップを見る', en: 'See the lineup' }, path: href('lineup') },
      };
    case 'accountDeleted':
      return {
        subject: { ja: '退会手続きが完了しました', en: 'Your account was deleted' },
        before: [{ ja: `${vars.brand}をご利用いただきありがとうございました。アカウントを削除しました。`, en: `Thank you for using ${vars.brand}. Your account has been deleted.` }, NOT_YOU],
        after: [],
      };
    case 'notRegistered':
      return {
        subject: { ja: 'パスワード再設定のご依頼について', en: 'About your password reset' },
        before: [{ ja: 'このメールアドレスは登録されていません。はじめての方は新規会員登録をしてください。', en: 'This email is not registered. New users, please sign up.' }, IGNORE],
        after: [],
        link: { text: { ja: '新規会員登録', en: 'Sign up' }, path: href('signup') },
      };
    case 'alreadyRegistered':
      return {
        subject: { ja: 'このメールアドレスは登録済みです', en: 'This e-mail is already registered' },
        before: [{ ja: 'このメールアドレスはすでに登録されています。ログインするか、パスワードをお忘れの場合は再設定してください。', en: 'This email already has an account. Log in, or reset your password if you forgot it.' }, IGNORE],
        after: [],
        link: { text: { ja: 'ログイン', en: 'Log in' }, path: href('login') },
      };
  }
}

export function renderMail(kind: MailKind, lang: Lang, to: string, vars: MailVars): OutgoingMail {
  const t = template(kind, vars);
  const pick = (text: Text) => text[lang];
  const link = t.link ? { text: pick(t.link.text), url: new URL(t.link.path, vars.origin).toString() } : null;
  const textParts = [
    ...t.before.map(pick),
    ...(vars.code ? [vars.code] : []),
    ...t.after.map(pick),
    ...(link ? [`${link.text}: ${link.url}`] : []),
    `— ${vars.brand}`,
  ];
  const htmlParts = [
    ...t.before.map((p) => `<p>${escapeHtml(pick(p))}</p>`),
    ...(vars.code ? [`<p style="font-size:24px;letter-spacing:4px"><strong>${escapeHtml(vars.code)}</strong></p>`] : []),
    ...t.after.map((p) => `<p>${escapeHtml(pick(p))}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`] : []),
    `<p>— ${escapeHtml(vars.brand)}</p>`,
  ];
  return {
    to,
    subject: `[${vars.brand}] ${pick(t.subject)}`,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><body>${htmlParts.join('\n')}</body></html>`,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
