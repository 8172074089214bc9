import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { must } from '../../data/api.ts';
import { StaffSetupInput } from '../../../shared/staff-rules.ts';
import { apiFailure, checkInput, readForm, type FormFailure, type FormValues } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { ROLE_LABELS } from '../../../shared/staff-roles.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { PASSWORD_HINT } from '../../../shared/account-rules.ts';

const COPY = {
  title: { ja: 'スタッフアカウントの設定', en: 'Set up your staff account' },
  account: { ja: 'アカウント', en: 'Account' },
  step1: { ja: '1. 認証アプリでQRコードを読み取ってください', en: '1. Scan the QR code with your authenticator app' },
  qrAlt: { ja: '認証アプリ用のQRコード', en: 'QR code for your authenticator app' },
  uri: { ja: '読み取れない場合は、次のURIを認証アプリに入力してください。', en: 'If you cannot scan it, enter this URI in your app.' },
  step2: { ja: '2. パスワードを決めて、アプリの6桁のコードを入力してください', en: '2. Choose a password and enter the 6-digit code from the app' },
  password: { ja: 'パスワード', en: 'Password' },
  passwordConfirm: { ja: 'パスワード（確認）', en: 'Password (again)' },
  otp: { ja: '確認コード（6桁）', en: 'Verification code (6 digits)' },
  submit: { ja: '設定する', en: 'Set up' },
  doneTitle: { ja: 'リカバリーコード', en: 'Recovery codes' },
  doneLead: {
    ja: '設定が完了しました。以下のリカバリーコードは今回しか表示されません。安全な場所に保管してください。各コードは1回だけ使えます。',
    en: 'Your account is set up. These recovery codes are shown only this once: keep them somewhere safe. Each works once.',
  },
  saved: { ja: '保管しました（ログインへ）', en: 'I have saved them (log in)' },
} as const satisfies Record<string, Text>;

type SetupDone = { recoveryCodes: string[] };

/**
 * The requests (their server context) whose setup has just succeeded. React Router runs the page's
 * loader after its action; asked again, the API would call the now-used link unknown (404) and the
 * recovery codes would never be shown.
 */
const completed = new WeakSet<object>();

function isContextObject(context: unknown): context is object {
  return typeof context === 'object' && context !== null;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  if (isContextObject(context) && completed.has(context)) return null;
  // An unknown, expired or used link is the API's 404, shown by the error boundary.
  return must(await staffApiFrom(context).setup(params.token ?? ''));
}

/** In the browser, the same: the page keeps its data once the codes are shown. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return isDone(actionResult) ? false : defaultShouldRevalidate;
}

function toSetupInput(values: FormValues) {
  return { password: values.password ?? '', passwordConfirm: values.passwordConfirm ?? '', otp: values.otp ?? '' };
}

const RULES = { schema: StaffSetupInput, toInput: toSetupInput };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const input = toSetupInput(values);
  const invalid = checkInput(StaffSetupInput, input, values);
  if (invalid) return invalid;
  const result = await staffApiFrom(context).completeSetup(params.token ?? '', input);
  if (!result.ok) return apiFailure(result, values);
  if (isContextObject(context)) completed.add(context);
  // Shown in this answer only: never put in a URL or stored, so they cannot be seen again.
  return result.data satisfies SetupDone;
}

function isDone(data: unknown): data is SetupDone {
  return typeof data === 'object' && data !== null && 'recoveryCodes' in data;
}

export function Component() {
  const answer = useActionData<FormFailure | SetupDone>();
  const t = useT();
  return (
    <main className="console-main console-narrow" id="console-main" tabIndex={-1}>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      {isDone(answer) ? <RecoveryCodes codes={answer.recoveryCodes} /> : <Enrolment failure={answer} />}
    </main>
  );
}

function Enrolment({ failure }: { failure: FormFailure | undefined }) {
  const setup = useLoaderData<typeof loader>();
  const t = useT();
  if (!setup) return null;
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <>
      <p>
        {t(COPY.account)}: <strong>{setup.email}</strong>（{t(ROLE_LABELS[setup.role])}）
      </p>
      <h2>{t(COPY.step1)}</h2>
      <img className="console-qr" src={qr} alt={t(COPY.qrAlt)} width={200} height={200} />
      <p>{t(COPY.uri)}</p>
      <p className="console-uri"><code>{setup.otpauthUri}</code></p>
      <h2>{t(COPY.step2)}</h2>
      <ValidatedForm failure={failure} rules={RULES}>
        <Field name="password" type="password" label={COPY.password} hint={PASSWORD_HINT} autoComplete="new-password" maxLength={100} required />
        <Field name="passwordConfirm" type="password" label={COPY.passwordConfirm} autoComplete="new-password" maxLength={100} required />
        <Field name="otp" label={COPY.otp} autoComplete="one-time-code" inputMode="numeric" maxLength={6} required />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <section aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t(COPY.doneTitle)}</h2>
      <p>{t(COPY.doneLead)}</p>
      <ul className="console-codes">
        {codes.map((code) => (
          <li key={code}><code>{code}</code></li>
        ))}
      </ul>
      <p>
        <Link className="button button-primary" to={adminHref('login')}>{t(COPY.saved)}</Link>
      </p>
    </section>
  );
}
