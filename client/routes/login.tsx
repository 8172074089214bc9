import { Link, matchPath, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { LoginInput } from '../../shared/account-rules.ts';
import { href, ROUTES, safeReturnPath } from '../../shared/routes.ts';
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
  needed: { ja: 'ログインが必要です', en: 'Please log in' },
  neededFor: (plan: string): Text => ({
    ja: `${plan}のお申し込みには、会員登録（無料）とログインが必要です。ログインすると、お申し込み手続きに進みます。`,
    en: `To subscribe to ${plan}, please log in or sign up (free). You will then go on to the checkout.`,
  }),
} as const;

export interface LoginData {
  /** Where to go once signed in: a path of this site only. */
  returnTo: string;
  /** Signed in but without a recent password proof: the e-mail whose password is re-checked. */
  recheckEmail: string | null;
  /** Sent here by a plan's 申し込む while signed out: the plan being applied for, to name it. */
  applyingFor: { artist: string; plan: string; planEn: string | null } | null;
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
  const applyingFor = user ? null : await planOfCheckout(context, returnTo);
  return { returnTo, recheckEmail: user?.email ?? null, applyingFor };
}

/** The plan a return path to checkout names, if it is one (a plan that cannot be read is not named). */
async function planOfCheckout(context: unknown, returnTo: string): Promise<LoginData['applyingFor']> {
  const match = matchPath(ROUTES.checkout.path, new URL(returnTo, 'http://return.invalid').pathname);
  const planId = match?.params.planId;
  if (!planId || !/^\d{1,9}$/.test(planId)) return null;
  const result = await apiFrom(context).plan(planId);
  if (!result.ok || result.data.artist.slug !== match.params.slug) return null;
  return { artist: result.data.artist.name, plan: result.data.name, planEn: result.data.nameEn };
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
  const { recheckEmail, returnTo, applyingFor } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const recheck = recheckEmail !== null;
  return (
    <AccountCard title={recheck ? COPY.recheckTitle : COPY.title} lead={recheck ? COPY.recheckLead : COPY.lead}>
      {applyingFor ? <LoginNeeded plan={applyingFor} /> : null}
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

/** Why a signed-out 申し込む landed here, naming the plan (issue 31). */
function LoginNeeded({ plan }: { plan: NonNullable<LoginData['applyingFor']> }) {
  const t = useT();
  const named = t({ ja: `${plan.artist}「${plan.plan}」`, en: `${plan.artist} "${plan.planEn ?? plan.plan}"` });
  return (
    <div className="login-needed" role="status">
      <p className="login-needed-title">{t(COPY.needed)}</p>
      <p>{t(COPY.neededFor(named))}</p>
    </div>
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
