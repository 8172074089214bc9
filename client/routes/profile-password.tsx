import { Link, useActionData, type ActionFunctionArgs } from 'react-router';
import { PASSWORD_HINT, PasswordChangeInput } from '../../shared/account-rules.ts';
import { href, loginHref } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { Field } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { ValidatedForm } from '../components/form/validated-form.tsx';
import { withNotice } from '../components/profile/flash-notice.tsx';
import { apiFrom } from '../data/api.ts';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure, type FormValues } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'パスワードの変更', en: 'Change your password' },
  lead: {
    ja: '新しいパスワードを入力してください。変更すると、ほかの端末ではログアウトされます。',
    en: 'Enter a new password. Changing it logs you out on your other devices.',
  },
  password: { ja: '新しいパスワード', en: 'New password' },
  passwordConfirm: { ja: '新しいパスワード（確認）', en: 'New password (again)' },
  submit: { ja: 'パスワードを変更する', en: 'Change password' },
  back: { ja: '会員情報に戻る', en: 'Back to your profile' },
} as const satisfies Record<string, Text>;

function toPasswordInput(values: FormValues) {
  return { password: values.password ?? '', passwordConfirm: values.passwordConfirm ?? '' };
}

/** `PUT /api/user/loginPass`: the API rotates the session, whose new cookie the server passes on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const input = toPasswordInput(values);
  const invalid = checkInput(PasswordChangeInput, input, values);
  if (invalid) return invalid;
  const result = await apiFrom(context).updateLoginPass(input);
  if (result.ok) return seeOther(withNotice(href('profile'), 'password'));
  // The proof of identity lapsed while the form was open: re-check, then back here.
  if (result.error.code === 'REAUTH_REQUIRED' || result.status === 401) return seeOther(loginHref(href('profilePassword')));
  return apiFailure(result, values);
}

const RULES = { schema: PasswordChangeInput, toInput: toPasswordInput };

/** docs/spec.md §2 "/mypage/profile/password" (a `secure` page: the guard asks for the password first). */
export function Component() {
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <AccountCard title={COPY.title} lead={COPY.lead}>
      <ValidatedForm failure={failure} rules={RULES}>
        <Field name="password" type="password" label={COPY.password} hint={PASSWORD_HINT}
          autoComplete="new-password" minLength={8} maxLength={100} required />
        <Field name="passwordConfirm" type="password" label={COPY.passwordConfirm}
          autoComplete="new-password" maxLength={100} required />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
      <ul className="form-links">
        <li><Link to={href('profile')}>{t(COPY.back)}</Link></li>
      </ul>
    </AccountCard>
  );
}
