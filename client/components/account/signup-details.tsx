import { Link } from 'react-router';
import { PASSWORD_HINT, SignupInput } from '../../../shared/account-rules.ts';
import { GENDER_OPTIONS } from '../../../shared/gender.ts';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';
import { toSignupInput } from '../../data/account-entry.ts';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { CheckboxField, Field, SelectField } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { ValidatedForm } from '../form/validated-form.tsx';
import { ZipLookupField } from '../form/zip-lookup-field.tsx';
import { NameKanaField } from './name-kana-field.tsx';
import { CarriedFields, LangField } from './entry-steps.tsx';

const COPY = {
  name: { ja: 'お名前', en: 'Name' },
  address: { ja: '住所（都道府県・市区町村・町域）', en: 'Address (prefecture, city, town)' },
  address2: { ja: '番地・建物名・部屋番号', en: 'Street number, building, room' },
  address2Hint: { ja: '半角数字を含めてください（例: 1-2-3 オシボックスビル101）。', en: 'Include half-width digits (e.g. 1-2-3 OshiBox Bldg 101).' },
  birthday: { ja: '生年月日', en: 'Date of birth' },
  gender: { ja: '性別', en: 'Gender' },
  tel: { ja: '電話番号', en: 'Phone number' },
  // Non-breaking hyphens (U+2011): the example number never splits over two lines.
  telHint: { ja: '市外局番から9〜11桁（例: 090‑1234‑5678。ハイフンはなくても可）', en: '9 to 11 digits from the area code (e.g. 090‑1234‑5678; hyphens optional)' },
  password: { ja: 'パスワード', en: 'Password' },
  passwordConfirm: { ja: 'パスワード（確認）', en: 'Password (again)' },
  terms: { ja: '利用規約', en: 'Terms of use' },
  privacy: { ja: 'プライバシーポリシー', en: 'Privacy policy' },
  and: { ja: 'と', en: ' and ' },
  agree: { ja: 'に同意します', en: ': I agree' },
  submit: { ja: '登録する', en: 'Sign up' },
} as const satisfies Record<string, Text>;

const RULES = { schema: SignupInput, toInput: toSignupInput };

/** Sign-up step 3: the member's details (docs/spec.md §5), proved by the e-mail and code carried along. */
export function SignupDetails({ failure, email, code }: { failure: FormFailure | undefined; email: string; code: string }) {
  const t = useT();
  const values = failure?.values ?? {};
  return (
    <ValidatedForm failure={failure} rules={RULES} intent="signup" enterSubmits={COPY.submit}>
      <LangField />
      <CarriedFields values={{ email, code }} />
      <p className="account-sent-to">{t({ ja: 'メールアドレス', en: 'Email' })}: <strong>{email}</strong></p>
      <Field name="name" label={COPY.name} autoComplete="name" maxLength={200} required />
      <NameKanaField />
      <ZipLookupField defaultValue={values.zip ?? ''} />
      <Field name="address" label={COPY.address} autoComplete="address-line1" maxLength={200} required />
      <Field name="address2" label={COPY.address2} hint={COPY.address2Hint} autoComplete="address-line2" maxLength={200} required />
      <Field name="birthday" type="date" label={COPY.birthday} autoComplete="bday" max="9999-12-31" required />
      <SelectField name="gender" label={COPY.gender} options={GENDER_OPTIONS} defaultValue="UNKNOWN" />
      {/* A Japanese number without +81 (`tel-national`): HTML allows that autofill name on a text
          input only, so type="text" with the phone keypad (inputMode), not type="tel". */}
      <Field name="tel" type="text" inputMode="tel" label={COPY.tel} hint={COPY.telHint} autoComplete="tel-national" maxLength={20} required />
      <Field name="password" type="password" label={COPY.password} hint={PASSWORD_HINT} autoComplete="new-password" maxLength={100} required />
      <Field name="passwordConfirm" type="password" label={COPY.passwordConfirm} autoComplete="new-password" maxLength={100} required />
      <CheckboxField name="agreement">
        <Link to={href('terms')} target="_blank">{t(COPY.terms)}</Link>
        {t(COPY.and)}
        <Link to={href('privacy')} target="_blank">{t(COPY.privacy)}</Link>
        {t(COPY.agree)}
      </CheckboxField>
      <SubmitButton label={COPY.submit} />
    </ValidatedForm>
  );
}
