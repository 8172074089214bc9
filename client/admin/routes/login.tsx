import { redirect, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { StaffLoginInput } from '../../../shared/staff-rules.ts';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure, type FormValues } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { isServerContext, staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'スタッフログイン', en: 'Staff log in' },
  lead: {
    ja: 'メールアドレス、パスワード、認証アプリの6桁のコード（またはリカバリーコード）を入力してください。',
    en: 'Enter your email, password and the 6-digit code from your authenticator app (or a recovery code).',
  },
  email: { ja: 'メールアドレス', en: 'Email' },
  password: { ja: 'パスワード', en: 'Password' },
  otp: { ja: '確認コード', en: 'Verification code' },
  otpHint: { ja: '認証アプリの6桁の数字、またはリカバリーコード', en: '6 digits from your authenticator app, or a recovery code' },
  submit: { ja: 'ログイン', en: 'Log in' },
} as const satisfies Record<string, Text>;

/**
 * A member already signed in goes straight to the console. Asked on the server only: in the
 * browser the API's 401 for everyone else would be a failed request in the console at each visit.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!isServerContext(context)) return null;
  const me = await staffApiFrom(context).me();
  if (me.ok) throw redirect(adminHref('home'));
  return null;
}

function toLoginInput(values: FormValues) {
  return { email: values.email ?? '', password: values.password ?? '', otp: values.otp ?? '' };
}

const RULES = { schema: StaffLoginInput, toInput: toLoginInput };

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const input = toLoginInput(values);
  // The same rules as the API (shared/staff-rules.ts): a blank field is named before any call.
  const invalid = checkInput(StaffLoginInput, input, values);
  if (invalid) return invalid;
  const result = await staffApiFrom(context).login(input);
  // The API names the field at fault (or refuses the whole form), in Japanese and English.
  if (!result.ok) return apiFailure(result, values);
  return seeOther(adminHref('home'));
}

export function Component() {
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main className="console-main console-narrow" id="console-main" tabIndex={-1}>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      <ValidatedForm failure={failure} rules={RULES}>
        <Field name="email" type="email" label={COPY.email} autoComplete="username" inputMode="email" maxLength={200} required />
        <Field name="password" type="password" label={COPY.password} autoComplete="current-password" maxLength={100} required />
        <Field name="otp" label={COPY.otp} hint={COPY.otpHint} autoComplete="one-time-code" maxLength={40} required />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
    </main>
  );
}
