import { data, Form, useActionData, useLoaderData, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffInvite, type StaffListEntry, type StaffMember } from '../../../shared/staff-roles.ts';
import { StaffAddInput, StaffIdField, StaffPageIntent, StaffRoleField } from '../../../shared/staff-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { Field, SelectField } from '../../components/form/field.tsx';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, parseInput, readForm, seeOther, type FormFailure, type FormValues } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'スタッフ', en: 'Staff' },
  members: { ja: 'スタッフ一覧', en: 'Members' },
  email: { ja: 'メールアドレス', en: 'Email' },
  role: { ja: '権限', en: 'Role' },
  status: { ja: '状態', en: 'Status' },
  created: { ja: '追加日', en: 'Added' },
  actions: { ja: '操作', en: 'Actions' },
  active: { ja: '有効', en: 'Active' },
  pending: { ja: '設定待ち', en: 'Setup pending' },
  disabled: { ja: '無効', en: 'Disabled' },
  you: { ja: '（あなた）', en: ' (you)' },
  changeRole: { ja: '権限を変更', en: 'Change role' },
  disable: { ja: '無効にする', en: 'Disable' },
  enable: { ja: '有効にする', en: 'Enable' },
  reset: { ja: '二段階認証をリセット', en: 'Reset second factor' },
  resetHint: {
    ja: 'リセットすると、認証アプリ・リカバリーコード・パスワード・ログイン中のセッションが無効になり、新しいセットアップ用リンクが発行されます。',
    en: 'A reset drops the authenticator, recovery codes, password and live sessions, and issues a new setup link.',
  },
  add: { ja: 'スタッフを追加', en: 'Add a member' },
  addSubmit: { ja: '追加してリンクを発行', en: 'Add and issue a link' },
  linkTitle: { ja: 'セットアップ用リンク', en: 'Setup link' },
  linkLead: {
    ja: 'このリンクは今回しか表示されません。本人に安全な方法で渡してください。有効期限：',
    en: 'This link is shown only this once. Hand it to the member safely. Valid until: ',
  },
  invalid: { ja: '入力内容が正しくありません。', en: 'The form is invalid.' },
} as const satisfies Record<string, Text>;

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The owner's Staff page (issue 19): who has access, with which role; add, change, disable, reset. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).members());
}

const MemberAction = z.object({ intent: StaffPageIntent, id: StaffIdField, role: z.optional(StaffRoleField) });

function toAddInput(values: FormValues) {
  return { email: values.email ?? '', role: values.role ?? '' };
}

const ADD_RULES = { schema: StaffAddInput, toInput: toAddInput };

/** A new link is shown in this answer only (no redirect): never in a URL, a flash or a log. */
type LinkIssued = { invite: StaffInvite; intent: 'add' | 'reset' };
type ActionAnswer = (FormFailure & { intent?: string }) | LinkIssued;

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const api = staffApiFrom(context);
  if (values.intent === 'add') {
    const parsed = parseInput(StaffAddInput, toAddInput(values), values, { intent: 'add' });
    if (!parsed.ok) return parsed.failure;
    const result = await api.addMember(parsed.data);
    if (!result.ok) return apiFailure(result, values, { intent: 'add' });
    return { invite: result.data, intent: 'add' } satisfies LinkIssued;
  }
  const parsed = MemberAction.safeParse(values);
  if (!parsed.success) return data({ error: COPY.invalid, intent: 'member' }, { status: 400 });
  const { intent, id, role } = parsed.data;
  if (intent === 'reset') {
    const result = await api.resetSecondFactor(id);
    if (!result.ok) return apiFailure(result, values, { intent: 'member' });
    return { invite: result.data, intent: 'reset' } satisfies LinkIssued;
  }
  const change = intent === 'role' ? { role } : { disabled: intent === 'disable' };
  const result = await api.changeMember(id, change);
  if (!result.ok) return apiFailure(result, values, { intent: 'member' });
  return seeOther(adminHref('staff'));
}

function isLinkIssued(answer: unknown): answer is LinkIssued {
  return typeof answer === 'object' && answer !== null && 'invite' in answer;
}

export function Component() {
  const { members } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<{ staff: StaffMember }>('console');
  const answer = useActionData<ActionAnswer>();
  const t = useT();
  const failure = isLinkIssued(answer) ? undefined : answer;
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      {isLinkIssued(answer) ? <IssuedLink invite={answer.invite} /> : null}
      {failure?.intent === 'member' && failure.error ? <FormError text={failure.error} /> : null}
      <h2 id="members-title">{t(COPY.members)}</h2>
      <ScrollRegion label={t(COPY.members)}>
        <table className="console-table" aria-labelledby="members-title">
          <thead>
            <tr>
              <th scope="col">{t(COPY.email)}</th>
              <th scope="col">{t(COPY.role)}</th>
              <th scope="col">{t(COPY.status)}</th>
              <th scope="col">{t(COPY.created)}</th>
              <th scope="col">{t(COPY.actions)}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <MemberRow key={m.id} member={m} self={layout?.staff.id === m.id} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="console-hint">{t(COPY.resetHint)}</p>
      <h2>{t(COPY.add)}</h2>
      <ValidatedForm failure={failure?.intent === 'add' ? failure : undefined} rules={ADD_RULES} intent="add" className="console-add">
        <Field name="email" type="email" label={COPY.email} autoComplete="off" maxLength={254} required />
        <SelectField name="role" label={COPY.role} options={ROLE_OPTIONS} defaultValue="support" />
        <SubmitButton label={COPY.addSubmit} />
      </ValidatedForm>
    </main>
  );
}

function statusOf(m: StaffListEntry): Text {
  if (m.disabled) return COPY.disabled;
  return m.enrolled ? COPY.active : COPY.pending;
}

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo' });

function MemberRow({ member, self }: { member: StaffListEntry; self: boolean }) {
  const t = useT();
  const label = (action: Text) => `${t(action)}: ${member.email}`;
  return (
    <tr>
      <td>{member.email}{self ? t(COPY.you) : null}</td>
      <td>
        <Form method="post" className="console-inline">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="id" value={member.id} />
          <select name="role" defaultValue={member.role} aria-label={label(COPY.role)}>
            {ROLE_OPTIONS.map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
          </select>
          <button type="submit" className="button button-ghost" aria-label={label(COPY.changeRole)}>{t(COPY.changeRole)}</button>
        </Form>
      </td>
      <td>{t(statusOf(member))}</td>
      <td>{dayOf(member.createdAt)}</td>
      <td>
        <div className="console-inline">
          <Form method="post">
            <input type="hidden" name="intent" value={member.disabled ? 'enable' : 'disable'} />
            <input type="hidden" name="id" value={member.id} />
            <button type="submit" className="button button-ghost" aria-label={label(member.disabled ? COPY.enable : COPY.disable)}>
              {t(member.disabled ? COPY.enable : COPY.disable)}
            </button>
          </Form>
          {member.disabled || self ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="reset" />
              <input type="hidden" name="id" value={member.id} />
              <button type="submit" className="button button-ghost" aria-label={label(COPY.reset)}>{t(COPY.reset)}</button>
            </Form>
          )}
        </div>
      </td>
    </tr>
  );
}

function IssuedLink({ invite }: { invite: StaffInvite }) {
  const t = useT();
  const until = new Date(invite.expiresAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
  return (
    <section className="console-notice" aria-labelledby="link-title" role="status">
      <h2 id="link-title">{t(COPY.linkTitle)}: {invite.member.email}</h2>
      <p>{t(COPY.linkLead)}{until}</p>
      <p className="console-uri"><code data-testid="setup-url">{invite.setupUrl}</code></p>
    </section>
  );
}
