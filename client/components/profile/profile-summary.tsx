import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../shared/api/types.ts';
import { genderLabel } from '../../../shared/gender.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { JapaneseRuns } from '../japanese-runs.tsx';

/** `1500002` → `〒150-0002`, as Japanese addresses are written. */
export function formatZip(zip: string): string {
  return /^\d{7}$/.test(zip) ? `〒${zip.slice(0, 3)}-${zip.slice(3)}` : zip;
}

/** The API sends the birthday as a calendar day (`1995-04-01`); shown as docs/spec.md §9's `yyyy/MM/dd`. */
function formatBirthday(day: string): string {
  return day.replaceAll('-', '/');
}

interface GroupProps {
  id: string;
  title: Text;
  change: { route: 'profileAddress' | 'profileEmail' | 'profilePassword' | 'profilePayment'; label: Text };
  children: ReactNode;
}

/** One card of the overview: a heading, its details, and the link to the page that changes them. */
function Group({ id, title, change, children }: GroupProps) {
  const t = useT();
  return (
    <section className="profile-group" aria-labelledby={id}>
      <div className="profile-group-head">
        <h2 id={id} className="profile-group-title">{t(title)}</h2>
        <Link className="button profile-change" to={href(change.route)}>
          {t(change.label)}
        </Link>
      </div>
      <dl className="profile-details">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: Text; children: ReactNode }) {
  const t = useT();
  return (
    <div className="profile-row">
      <dt>{t(label)}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** docs/spec.md §2 "/mypage/profile": the registered details, each group with its change link. */
export function ProfileSummary({ user }: { user: CurrentUser }) {
  const t = useT();
  const empty = t({ ja: '未登録', en: 'Not registered' });
  return (
    <div className="profile-groups">
      <Group id="profile-basic" title={{ ja: 'お客様情報・お届け先', en: 'Your details and delivery address' }}
        change={{ route: 'profileAddress', label: { ja: '変更する', en: 'Change' } }}>
        <Row label={{ ja: 'お名前', en: 'Name' }}>{user.name ? <JapaneseRuns text={user.name} /> : empty}</Row>
        <Row label={{ ja: '住所', en: 'Address' }}>
          {user.zip ? <span className="profile-zip"><JapaneseRuns text={formatZip(user.zip)} /></span> : null}
          {/* Line 2 (street number, building) on its own line, so "2-24-12" never splits at a hyphen. */}
          <span className="profile-address">{user.address ? <JapaneseRuns text={user.address} /> : empty}</span>{' '}
          {user.address2 ? <span className="profile-address"><JapaneseRuns text={user.address2} /></span> : null}
        </Row>
        <Row label={{ ja: '電話番号', en: 'Phone' }}>{user.tel || empty}</Row>
        <Row label={{ ja: '生年月日', en: 'Date of birth' }}>{user.birthday ? formatBirthday(user.birthday) : empty}</Row>
        <Row label={{ ja: '性別', en: 'Gender' }}>{t(genderLabel(user.gender))}</Row>
      </Group>
      <Group id="profile-email" title={{ ja: 'メールアドレス', en: 'E-mail address' }}
        change={{ route: 'profileEmail', label: { ja: '変更する', en: 'Change' } }}>
        <Row label={{ ja: 'メールアドレス', en: 'E-mail' }}><span className="profile-email">{user.email}</span></Row>
      </Group>
      <Group id="profile-password" title={{ ja: 'パスワード', en: 'Password' }}
        change={{ route: 'profilePassword', label: { ja: '変更する', en: 'Change' } }}>
        <Row label={{ ja: 'パスワード', en: 'Password' }}>
          {/* aria-label is not allowed on a <span> (no role to name): the dots are seen, the word is read. */}
          <span aria-hidden="true">••••••••</span>
          <span className="visually-hidden">{t({ ja: '非表示', en: 'Hidden' })}</span>
        </Row>
      </Group>
      <Group id="profile-payment" title={{ ja: 'お支払い方法', en: 'Payment method' }}
        change={{ route: 'profilePayment', label: { ja: '変更する', en: 'Change' } }}>
        <Row label={{ ja: 'お支払い方法', en: 'Payment method' }}>{t(PAYMENT_METHOD_LABELS[user.paymentMethod])}</Row>
      </Group>
    </div>
  );
}
