import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/** The overview's last section: the way into account deletion (a confirmation comes first). */
export function DeleteAccountEntry() {
  const t = useT();
  return (
    <section className="profile-group profile-danger" aria-labelledby="profile-delete">
      <h2 id="profile-delete" className="profile-group-title">{t({ ja: '退会', en: 'Delete your account' })}</h2>
      <p className="profile-note">
        {t({
          ja: '退会すると会員情報が削除され、ログインできなくなります。次の画面で内容を確認してから手続きできます。',
          en: 'Deleting your account removes your details and you can no longer log in. You can review what is deleted on the next screen.',
        })}
      </p>
      <Form method="post" className="profile-delete-entry">
        <button type="submit" name="intent" value="deleteStart" className="button button-ghost">
          {t({ ja: '退会手続きへ進む', en: 'Continue to account deletion' })}
        </button>
      </Form>
    </section>
  );
}

const DELETED: Text[] = [
  { ja: 'お名前・住所・電話番号・生年月日・性別', en: 'Your name, address, phone number, date of birth and gender' },
  { ja: 'メールアドレスとパスワード（ログインできなくなります）', en: 'Your e-mail address and password (you can no longer log in)' },
  { ja: '登録済みのお支払い方法', en: 'Your registered payment method' },
];

/** docs/spec.md §2 "account deletion behind a clear confirmation": what goes, that it is final, two clear choices. */
export function DeleteAccountConfirm({ error }: { error?: Text | null }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the page the button was on: start reading (and tabbing) from its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="profile-confirm" aria-labelledby="delete-confirm-title">
      <h1 id="delete-confirm-title" className="page-title" ref={heading} tabIndex={-1}>{t({ ja: '退会の確認', en: 'Confirm account deletion' })}</h1>
      {error ? <p className="form-alert" role="alert">{t(error)}</p> : null}
      <div className="profile-group profile-danger">
        <p>{t({ ja: '退会すると、次の情報が削除されます。', en: 'Deleting your account removes:' })}</p>
        <ul className="profile-delete-list">
          {DELETED.map((item) => <li key={item.en}>{t(item)}</li>)}
        </ul>
        <p className="profile-warning">
          <strong>{t({ ja: 'この操作は取り消せません。', en: 'This cannot be undone.' })}</strong>
          {t({
            ja: '退会後に削除された情報を元に戻すことはできません。',
            en: ' Deleted details cannot be restored afterwards.',
          })}
        </p>
        <Form method="post" className="profile-confirm-actions">
          <button type="submit" name="intent" value="delete" className="button button-danger">
            {t({ ja: '退会する', en: 'Delete my account' })}
          </button>
          <Link to={href('profile')} className="button button-ghost">
            {t({ ja: 'やめる（会員情報に戻る）', en: 'Cancel (back to your profile)' })}
          </Link>
        </Form>
      </div>
    </section>
  );
}
