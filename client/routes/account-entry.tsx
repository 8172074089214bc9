import { Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { href, ROUTES, safeReturnPath } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { CodeStep, EmailStep, StepList } from '../components/account/entry-steps.tsx';
import { NewPassword } from '../components/account/new-password.tsx';
import { SignupDetails } from '../components/account/signup-details.tsx';
import { FormNotice } from '../components/form/form-message.tsx';
import { withNotice } from '../components/profile/flash-notice.tsx';
import { withWelcome } from '../components/welcome-notice.tsx';
import { runEntryStep, type EntryState, type EntryStep, type EntryType } from '../data/account-entry.ts';
import { apiFrom } from '../data/api.ts';
import { loadLoginStatus } from '../data/login-status.ts';
import { readForm } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

/**
 * docs/spec.md §2: /mypage/signup and /mypage/reminder are one screen of two types. Step 1 mails a code,
 * step 2 checks it, step 3 signs up or sets a new password. Each step is a page form whose action
 * answers with the next step, carrying the e-mail and code in hidden fields: the same path with
 * JavaScript (the action runs in the browser) and without it (the server runs it).
 */
const COPY: Record<EntryType, { title: Text; lead: Record<EntryStep, Text> }> = {
  signup: {
    title: { ja: '新規会員登録', en: 'Sign up' },
    lead: {
      email: { ja: 'ご登録のメールアドレスに認証コードをお送りします。', en: 'We will send an authentication code to your email.' },
      code: { ja: 'メールに届いた6桁の認証コードを入力してください。', en: 'Enter the 6-digit code from the mail.' },
      details: { ja: '会員情報を入力してください。', en: 'Enter your details.' },
    },
  },
  reminder: {
    title: { ja: 'パスワード再設定', en: 'Reset your password' },
    lead: {
      email: { ja: 'ご登録のメールアドレスに認証コードをお送りします。', en: 'We will send an authentication code to your registered email.' },
      code: { ja: 'メールに届いた6桁の認証コードを入力してください。', en: 'Enter the 6-digit code from the mail.' },
      details: { ja: '新しいパスワードを入力してください。', en: 'Enter your new password.' },
    },
  },
};

const LINKS = {
  login: { ja: 'ログインはこちら', en: 'Log in instead' },
  signup: { ja: 'はじめての方は新規会員登録', en: 'New here? Sign up' },
} as const satisfies Record<string, Text>;

export interface EntryData {
  type: EntryType;
}

function typeOf(request: Request): EntryType {
  return new URL(request.url).pathname === ROUTES.reminder.path ? 'reminder' : 'signup';
}

/** Where a new member goes: the page that asked for a login (`url`), else the profile. */
function returnPathOf(request: Request): string {
  const url = new URL(request.url).searchParams.get('url');
  return url ? safeReturnPath(url) : href('profile');
}

/** A signed-in user has nothing to sign up for; a reminder stays open to everyone. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<EntryData> {
  const type = typeOf(request);
  if (type === 'signup') {
    const status = await loadLoginStatus(request, context);
    if (status.ok && status.data.user) throw redirect(href('profile'));
  }
  return { type };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  return runEntryStep(values.intent, {
    api: apiFrom(context),
    type: typeOf(request),
    values,
    // Sign-up ends with a welcome on the page it lands on (issue 31).
    returnTo: withWelcome(returnPathOf(request)),
    resetDonePath: withNotice(href('profile'), 'password'),
  });
}

export function Component() {
  const { type } = useLoaderData<typeof loader>();
  const state = useActionData<EntryState>();
  const t = useT();
  const step = state?.step ?? 'email';
  const email = state?.values?.email ?? '';
  const code = state?.values?.code ?? '';
  return (
    <AccountCard title={COPY[type].title} lead={COPY[type].lead[step]}>
      <StepList type={type} step={step} />
      {state?.notice ? <FormNotice text={state.notice} /> : null}
      {step === 'email' ? <EmailStep type={type} failure={state} /> : null}
      {step === 'code' ? <CodeStep type={type} failure={state} email={email} /> : null}
      {step === 'details' && type === 'signup' ? <SignupDetails failure={state} email={email} code={code} /> : null}
      {step === 'details' && type === 'reminder' ? <NewPassword failure={state} email={email} code={code} /> : null}
      <ul className="form-links">
        <li><Link to={href('login')}>{t(LINKS.login)}</Link></li>
        {type === 'reminder' ? <li><Link to={href('signup')}>{t(LINKS.signup)}</Link></li> : null}
      </ul>
    </AccountCard>
  );
}
