import * as z from 'zod/mini';
import type { MessageKey } from './field-errors.ts';
import { isCleanText } from './free-text.ts';
import { KATAKANA_NAME, toKatakana } from './kana.ts';
import { normalizeTel } from './phone.ts';
import { normalizeZip } from './postal-code.ts';
import type { Text } from './text.ts';

/**
 * docs/spec.md §5 form rules as zod schemas, each issue carrying a key of the §8 catalogue
 * (`MESSAGES`) as its message. The browser form shows them instantly and the API enforces the
 * very same schemas (api/http/validate.ts turns the keys back into Japanese and English).
 * Written with `zod/mini` (the same engine, functions instead of methods): the form pages'
 * JavaScript then carries about 9 KB of zod instead of 77 KB (brotli), docs/performance.md.
 */
export { FORM_FIELD, fieldErrors, issuesToFields, ruleText, type MessageKey } from './field-errors.ts';

const m = (key: MessageKey) => ({ error: key });

export const PREFECTURES = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県', '群馬県',
  '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県',
  '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県',
  '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県', '香川県', '愛媛県', '高知県', '福岡県',
  '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
] as const;

export const TEXT_MAX = 200;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const CODE_LENGTH = 6;

/** Kanji (with 々〆), hiragana, katakana (with ー), half-width letters and digits; spaces between words. */
const NAME_CHARS = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー〆ヶA-Za-z0-9 　]+$/u;

const text = (required: MessageKey, ...rules: z.core.$ZodCheck<string>[]) =>
  z.string(m(required)).check(z.trim(), z.minLength(1, m(required)), ...rules);

/** Free text refuses bidi controls and invisible characters (shared/free-text.ts); checked first, so its message wins. */
const clean = (key: MessageKey) => z.refine<string>((v) => isCleanText(v), m(key));

export const NameField = text('nameRequired', clean('nameHidden'), z.maxLength(TEXT_MAX, m('nameTooLong')), z.regex(NAME_CHARS, m('nameCharacters')));

/** フリガナ (optional): hiragana and half-width katakana are made full-width katakana (shared/kana.ts). */
export const NAME_KANA_MAX = 100;
export const NameKanaField = z.string(m('nameKanaCharacters')).check(
  z.overwrite(toKatakana),
  z.maxLength(NAME_KANA_MAX, m('nameKanaTooLong')),
  z.regex(KATAKANA_NAME, m('nameKanaCharacters')),
);

export const EmailField = z.pipe(text('emailRequired', z.maxLength(TEXT_MAX, m('emailTooLong'))), z.email(m('emailInvalid')));

/**
 * Hyphens, spaces and full-width digits are fine: they are normalised away (shared/phone.ts), and
 * the normalised digits are what the API stores. Only what is still wrong gets a message: other
 * characters, or a count of digits outside 9–11.
 */
export const TelField = text(
  'telRequired',
  z.overwrite(normalizeTel),
  z.regex(/^[0-9]*$/, m('telCharacters')),
  z.regex(/^[0-9]{9,11}$/, m('telFormat')),
);

/** The same normalising as the form's (shared/postal-code.ts): the API takes 150-0002 or １５０－０００２ too. */
export const ZipField = text('zipRequired', z.overwrite(normalizeZip), z.regex(/^[0-9]{7}$/, m('zipFormat')));

export const AddressField = text(
  'addressRequired',
  clean('addressHidden'),
  z.maxLength(TEXT_MAX, m('addressTooLong')),
  z.refine((v: string) => PREFECTURES.some((p) => v.includes(p)), m('addressPrefecture')),
);

export const Address2Field = text('address2Required', clean('address2Hidden'), z.maxLength(TEXT_MAX, m('address2TooLong')), z.regex(/[0-9]/, m('address2Digits')));

/** A real calendar day (YYYY-MM-DD) from 1900 up to today. */
export const BirthdayField = text(
  'birthdayRequired',
  z.regex(/^\d{4}-\d{2}-\d{2}$/, m('birthdayInvalid')),
  z.refine(isPlausibleBirthday, m('birthdayInvalid')),
);

function isPlausibleBirthday(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return false;
  return day >= '1900-01-01' && date.getTime() <= Date.now() + 24 * 3600_000;
}

export const GenderField = z.enum(['MALE', 'FEMALE', 'OTHER', 'UNKNOWN'], m('genderInvalid'));

/** The hint under every new-password field (shoppers' and staff's), stated from the rule's bounds. */
export const PASSWORD_HINT: Text = {
  ja: `${PASSWORD_MIN}〜${PASSWORD_MAX}文字。英字と数字をそれぞれ1文字以上含めてください。`,
  en: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters with at least one letter and one digit.`,
};

/** A new password: docs/spec.md §5, 8–100 characters with a letter and a digit. Never trimmed. */
export const NewPasswordField = z.string(m('passwordRequired')).check(
  z.minLength(1, m('passwordRequired')),
  z.minLength(PASSWORD_MIN, m('passwordLength')),
  z.maxLength(PASSWORD_MAX, m('passwordLength')),
  z.regex(/[A-Za-z]/, m('passwordLetterDigit')),
  z.regex(/[0-9]/, m('passwordLetterDigit')),
);

/** A password to check at login: only present and bounded, so the rules leak nothing. */
export const PasswordField = z.string(m('passwordRequired')).check(z.minLength(1, m('passwordRequired')), z.maxLength(PASSWORD_MAX, m('loginFailed')));

export const CodeField = z.string(m('codeIncorrect')).check(z.trim(), z.regex(/^[0-9]{6}$/, m('codeIncorrect')));

export const AgreementField = z.literal(true, m('agreeTerms'));

export const MailTypeField = z.enum(['signup', 'reminder', 'email'], m('mailTypeInvalid'));

type WithPasswords = { password: string; passwordConfirm?: string | undefined };

/**
 * The §8 "passwords do not match" rule on `passwordConfirm` (when it is given). It runs even
 * when other fields failed (zod's `when`), so the form shows every message at once.
 */
export function confirmMatches(value: WithPasswords): boolean {
  return value.passwordConfirm === undefined || value.passwordConfirm === value.password;
}

export const CONFIRM_RULE = {
  path: ['passwordConfirm'],
  error: 'passwordMismatch',
  when: ({ value }: { value: unknown }) =>
    typeof value === 'object' && value !== null && 'password' in value && 'passwordConfirm' in value &&
    typeof value.password === 'string' && typeof value.passwordConfirm === 'string',
};

export const ConfirmField = z.string(m('passwordMismatch')).check(z.maxLength(TEXT_MAX, m('passwordMismatch')));

export const ProfileFields = {
  name: NameField,
  nameKana: z.optional(NameKanaField),
  zip: ZipField,
  address: AddressField,
  address2: Address2Field,
  birthday: BirthdayField,
  gender: GenderField,
  tel: TelField,
};

export const SendMailInput = z.strictObject({ email: EmailField, type: MailTypeField });

export const CheckCodeInput = z.strictObject({ email: EmailField, code: CodeField, type: MailTypeField });

export const LoginInput = z.strictObject({ email: EmailField, password: PasswordField });

export const SignupInput = z
  .strictObject({
    email: EmailField,
    code: CodeField,
    ...ProfileFields,
    gender: z._default(GenderField, 'UNKNOWN'),
    password: NewPasswordField,
    passwordConfirm: ConfirmField,
    agreement: AgreementField,
  })
  .check(z.refine(confirmMatches, CONFIRM_RULE));

/** Reminder: a new password proved by the code mailed to the address. */
export const ReminderInput = z
  .strictObject({ email: EmailField, code: CodeField, password: NewPasswordField, passwordConfirm: z.optional(ConfirmField) })
  .check(z.refine(confirmMatches, CONFIRM_RULE));

/** Signed in with securitySafe: the new password alone. */
export const PasswordChangeInput = z
  .strictObject({ password: NewPasswordField, passwordConfirm: z.optional(ConfirmField) })
  .check(z.refine(confirmMatches, CONFIRM_RULE));

export const ProfileInput = z
  .partial(z.strictObject(ProfileFields))
  .check(z.refine((v) => Object.keys(v).length > 0, m('nothingToChange')));

export const EmailChangeInput = z.strictObject({ email: EmailField, code: CodeField });

