import { useSearchParams } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/**
 * A one-line confirmation after a change, carried by the `done` query parameter of the page a form
 * redirects to (303, as the login page does), so it survives the redirect with or without
 * JavaScript and holds no state on the server. Only the keys below are shown: the parameter never
 * puts its own text on the page.
 */
export const NOTICES = {
  address: { ja: '登録情報を変更しました。', en: 'Your details have been updated.' },
  email: { ja: 'メールアドレスを変更しました。', en: 'Your e-mail address has been changed.' },
  password: { ja: 'パスワードを変更しました。', en: 'Your password has been changed.' },
  mailLang: { ja: 'メールの言語を変更しました。', en: 'The language of our e-mails has been changed.' },
  accountDeleted: {
    ja: '退会手続きが完了しました。ご利用ありがとうございました。',
    en: 'Your account has been deleted. Thank you for using our shop.',
  },
} as const satisfies Record<string, Text>;

export type NoticeKey = keyof typeof NOTICES;

export function withNotice(path: string, key: NoticeKey): string {
  return `${path}?done=${key}`;
}

export function FlashNotice() {
  const [params] = useSearchParams();
  const t = useT();
  const key = params.get('done');
  if (!key || !Object.hasOwn(NOTICES, key)) return null;
  return (
    <p className="flash-notice" role="status">
      {t(NOTICES[key as NoticeKey])}
    </p>
  );
}
