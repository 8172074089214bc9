import { hiddenCharacterText } from './free-text.ts';
import { COMMUNICATION_ERROR, SERVER_ERROR } from './global-error.ts';
import { CUSTOMER_MESSAGES } from './customer-messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import type { Text } from './text.ts';

/** docs/spec.md §8, the translated message catalogue (Japanese with English). */
export const MESSAGES = {
  loginAgain: { ja: '再度ログインしてください。', en: 'Please log in again.' },
  emailInvalid: { ja: 'メールアドレスを正しく入力してください。', en: 'Enter your email correctly.' },
  emailRepeatedMistakes: {
    ja: 'メールアドレスの誤りが続いています。しばらく時間をおいて再度お試しいただくか、お問い合わせください。',
    en: 'Too many email mistakes. Please wait and retry, or contact support.',
  },
  retryLater: {
    ja: 'しばらく時間をおいて再度お試しいただくか、お問い合わせください。',
    en: 'Please wait a while and retry, or contact support.',
  },
  codeIncorrect: { ja: '認証コードが正しくありません。', en: 'The authentication code is incorrect.' },
  emailNotRegistered: {
    ja: 'このメールアドレスは登録されていません。はじめての方は新規会員登録をしてください。',
    en: 'This email is not registered. New users, please sign up.',
  },
  loginFailed: { ja: 'メールアドレスまたはパスワードが間違っています。', en: 'The email or password is wrong.' },
  agreeTerms: { ja: '利用規約とプライバシーポリシーに同意してください。', en: 'Please agree to the terms and privacy policy.' },
  passwordMismatch: { ja: 'パスワードが一致しません。', en: 'The passwords do not match.' },
  passwordRequired: { ja: 'パスワードを入力してください。', en: 'Enter your password.' },
  nameCharacters: {
    ja: 'お名前は漢字・カタカナ・ひらがな・半角英数字で入力してください。',
    en: 'Your name must use kanji, katakana, hiragana or half-width letters and digits.',
  },
  addressPrefecture: { ja: '住所には都道府県を含めてください。', en: 'The address must include the prefecture.' },
  // docs/spec.md §5 field rules (docs/spec.md §8 "field-level messages"); shared/account-rules.ts uses them.
  nameRequired: { ja: 'お名前を入力してください。', en: 'Enter your name.' },
  nameTooLong: { ja: 'お名前は200文字以内で入力してください。', en: 'Your name must be at most 200 characters.' },
  nameKanaCharacters: { ja: 'フリガナはカタカナで入力してください（ひらがなは自動でカタカナになります）。', en: 'Enter the reading of your name in katakana (hiragana is converted).' },
  nameKanaTooLong: { ja: 'フリガナは100文字以内で入力してください。', en: 'The reading of your name must be at most 100 characters.' },
  emailRequired: { ja: 'メールアドレスを入力してください。', en: 'Enter your email.' },
  emailTooLong: { ja: 'メールアドレスは200文字以内で入力してください。', en: 'Your email must be at most 200 characters.' },
  telRequired: { ja: '電話番号を入力してください。', en: 'Enter your phone number.' },
  telFormat: {
    ja: '電話番号の桁数が正しくありません。市外局番から9〜11桁の数字で入力してください。',
    en: 'Your phone number must have 9 to 11 digits, area code included.',
  },
  telCharacters: {
    ja: '電話番号には数字とハイフンのみ使えます。',
    en: 'Your phone number may contain only digits and hyphens.',
  },
  birthdayRequired: { ja: '生年月日を入力してください。', en: 'Enter your date of birth.' },
  birthdayInvalid: { ja: '生年月日を正しく入力してください。', en: 'Enter a valid date of birth.' },
  zipRequired: { ja: '郵便番号を入力してください。', en: 'Enter your postal code.' },
  zipFormat: {
    ja: '郵便番号はハイフンなしの半角数字7桁で入力してください。',
    en: 'Enter your postal code as 7 half-width digits without a hyphen.',
  },
  addressRequired: { ja: '住所を入力してください。', en: 'Enter your address.' },
  addressTooLong: { ja: '住所は200文字以内で入力してください。', en: 'The address must be at most 200 characters.' },
  address2Required: { ja: '番地・建物名を入力してください。', en: 'Enter the street number and building.' },
  address2TooLong: {
    ja: '番地・建物名は200文字以内で入力してください。',
    en: 'The street number and building must be at most 200 characters.',
  },
  address2Digits: {
    ja: '番地・建物名には半角数字を含めてください。',
    en: 'The street number and building must include half-width digits.',
  },
  passwordLength: { ja: 'パスワードは8〜100文字で入力してください。', en: 'The password must be 8 to 100 characters.' },
  passwordLetterDigit: {
    ja: 'パスワードには英字と数字をそれぞれ1文字以上含めてください。',
    en: 'The password must include at least one letter and one digit.',
  },
  /** Bidi controls and invisible characters (shared/free-text.ts, issue 17), per field. */
  nameHidden: hiddenCharacterText({ ja: 'お名前', en: 'Your name' }),
  addressHidden: hiddenCharacterText({ ja: '住所', en: 'The address' }),
  address2Hidden: hiddenCharacterText({ ja: '番地・建物名', en: 'The street number and building' }),
  genderInvalid: { ja: '性別を選択してください。', en: 'Choose a gender.' },
  mailTypeInvalid: { ja: 'メールの種類が正しくありません。', en: 'The mail type is not valid.' },
  fieldInvalid: { ja: '入力内容が正しくありません。', en: 'This value is not valid.' },
  nothingToChange: { ja: '変更する項目を入力してください。', en: 'Enter something to change.' },
  /** Account actions outside the spec's catalogue (issue 7). */
  emailTaken: {
    ja: 'このメールアドレスはすでに登録されています。ログインしてください。',
    en: 'This email is already registered. Please log in.',
  },
  reauthRequired: {
    ja: 'セキュリティのため、もう一度パスワードを入力してください。',
    en: 'For your security, please enter your password again.',
  },
  busy: { ja: 'ただいま混み合っています。しばらくしてから再度お試しください。', en: 'We are busy right now. Please try again shortly.' },
  mailFailed: {
    ja: 'メールを送信できませんでした。しばらく時間をおいて再度お試しください。',
    en: 'The mail could not be sent. Please wait a while and retry.',
  },
  /** docs/spec.md §8: login-status failure with status 999. */
  communicationError: COMMUNICATION_ERROR,
  /** docs/spec.md §8: login-status failure with any other status. */
  serverError: SERVER_ERROR,
  ...STAFF_MESSAGES,
  ...CUSTOMER_MESSAGES,
} as const satisfies Record<string, Text>;
