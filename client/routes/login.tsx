import { Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { LoginInput } from '../../shared/account-rules.ts';
import { href, safeReturnPath } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { Field } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { ValidatedForm } from '../components/form/validated-form.tsx';
import { apiFrom } from '../data/api.ts';
import { loadLoginStatus } from '../data/login-status.ts';
import { resolveReturnPath } from '../data/return-path.ts';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure, type FormValues } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'ログイン', en: 'Log in' },
  lead: { ja: 'メールアドレスとパスワードを入力してください。', en: 'Enter your email and password.' },
  recheckTitle: { ja: 'パスワードの再確認', en: 'Confirm your password' },
  recheckLead: {
    ja: 'このページを開くには、もう一度パスワードを入力してください。',
    en: 'To open this page, please enter your password again.',
  },
  email: { ja: 'メールアドレス', en: 'Email' },
  password: { ja: 'パスワード', en: 'Password' },
  submit: { ja: 'ログイン', en: 'Log in' },
  recheckSubmit: { ja: '確認する', en: 'Confirm' },
  signup: { ja: 'はじめての方は新規会員登録', en: 'New here? Sign up' },
  reminder: { ja: 'パスワードをお忘れの方', en: 'Forgot your password?' },
} as const satisfies Record<string, Text>;

export interface LoginData {
  /** Where to go once signed in: a path of this site only. */
  returnTo: string;
  /** Signed in but without a recent password proof: the e-mail whose password is re-checked. */
  recheckEmail: string | null;
}

/** Without a `url` a login lands on my page, where a member's things are, not on the top page. */
const DEFAULT_RETURN = href('profile');

function returnPathOf(request: Request): string {
  const url = new URL(request.url).searchParams.get('url');
  return url ? safeReturnPath(url) : DEFAULT_RETURN;
}

/**
 * docs/spec.md §6: a signed-in user who already proved the password recently goes straight on to `url`;
 * one who has not (sent here by a `secure` page) re-checks the password here, so the guard and
 * this page never bounce the user between them.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<LoginData> {
  const returnTo = returnPathOf(request);
  const status = await loadLoginStatus(request, context);
  const user = status.ok ? status.data.user : null;
  if (user?.securitySafe) throw redirect(returnTo);
  return { returnTo, recheckEmail: user?.email ?? null };
}

function toLoginInput(values: FormValues) {
  return { email: values.email ?? '', password: values.password ?? '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const input = toLoginInput(values);
  const invalid = checkInput(LoginInput, input, values);
  if (invalid) return invalid;
  const result = await apiFrom(context).emailLogin(input);
  if (!result.ok) return apiFailure(result, values);
  const url = new URL(request.url).searchParams.get('url');
  return seeOther(url ? await resolveReturnPath(context, url) : DEFAULT_RETURN);
}

const RULES = { schema: LoginInput, toInput: toLoginInput };

export function Component() {
  const { recheckEmail, returnTo } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const recheck = recheckEmail !== null;
  return (
    <AccountCard title={recheck ? COPY.recheckTitle : COPY.title} lead={recheck ? COPY.recheckLead : COPY.lead}>
      <ValidatedForm failure={failure} rules={RULES}>
        {recheck ? (
          <RecheckEmail email={recheckEmail} />
        ) : (
          <Field name="email" type="email" label={COPY.email} autoComplete="email" inputMode="email" maxLength={200} required />
        )}
        <Field name="password" type="password" label={COPY.password} autoComplete="current-password" maxLength={100} required />
        <SubmitButton label={recheck ? COPY.recheckSubmit : COPY.submit} />
      </ValidatedForm>
      <ul className="form-links">
        {recheck ? null : <li><Link to={withReturn(href('signup'), returnTo)}>{t(COPY.signup)}</Link></li>}
        <li><Link to={href('reminder')}>{t(COPY.reminder)}</Link></li>
      </ul>
    </AccountCard>
  );
}

/** The re-check names the account it is for; the address travels with the form, unchangeable here. */
function RecheckEmail({ email }: { email: string }) {
  const t = useT();
  return (
    <div className="form-field">
      <span className="form-label">{t(COPY.email)}</span>
      <p className="account-email">{email}</p>
      <input type="hidden" name="email" value={email} />
    </div>
  );
}

/** Sign-up started from a login that asked for a return keeps that return. */
function withReturn(path: string, returnTo: string): string {
  return returnTo === DEFAULT_RETURN ? path : `${path}?url=${encodeURIComponent(returnTo)}`;
}
