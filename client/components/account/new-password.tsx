import { PASSWORD_HINT, ReminderInput } from '../../../shared/account-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { toReminderInput } from '../../data/account-entry.ts';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { Field } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { ValidatedForm } from '../form/validated-form.tsx';
import { CarriedFields, LangField } from './entry-steps.tsx';

const COPY = {
  email: { ja: 'メールアドレス', en: 'Email' },
  password: { ja: '新しいパスワード', en: 'New password' },
  passwordConfirm: { ja: '新しいパスワード（確認）', en: 'New password (again)' },
  submit: { ja: 'パスワードを再設定する', en: 'Reset the password' },
} as const satisfies Record<string, Text>;

const RULES = { schema: ReminderInput, toInput: toReminderInput };

/** Reminder step 3: the new password, proved by the e-mail and code carried along. */
export function NewPassword({ failure, email, code }: { failure: FormFailure | undefined; email: string; code: string }) {
  const t = useT();
  return (
    <ValidatedForm failure={failure} rules={RULES} intent="reset">
      <LangField />
      <CarriedFields values={{ email, code }} />
      <p className="account-sent-to">{t(COPY.email)}: <strong>{email}</strong></p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" value={email} autoComplete="username" readOnly hidden />
      <Field name="password" type="password" label={COPY.password} hint={PASSWORD_HINT} autoComplete="new-password" maxLength={100} required />
      <Field name="passwordConfirm" type="password" label={COPY.passwordConfirm} autoComplete="new-password" maxLength={100} required />
      <SubmitButton label={COPY.submit} />
    </ValidatedForm>
  );
}
