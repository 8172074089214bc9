import type { Text } from './text.ts';

/** Spec §8, the translated message catalogue (Japanese with English). */
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
  /** Spec §8: login-status failure with status 999. */
  communicationError: {
    ja: '通信エラーが発生しました。通信環境の良い場所で再度お試しください。',
    en: 'A communication error occurred. Please retry in a better network environment.',
  },
  /** Spec §8: login-status failure with any other status. */
  serverError: {
    ja: 'サーバーエラーが発生しました。時間をおいて再度お試しください。',
    en: 'A server error occurred. Please try again later.',
  },
} as const satisfies Record<string, Text>;

/** The global error for a failed login-status call (spec §8). */
export function loginStatusError(status: number): Text {
  return status === 999 ? MESSAGES.communicationError : MESSAGES.serverError;
}
