import type { Text } from './text.ts';

/**
 * Messages of the staff console's forms (issue 19), merged into the one catalogue
 * (shared/messages.ts) so the shared schemas can name them by key like the shoppers' rules.
 */
export const STAFF_MESSAGES = {
  otpIncorrect: {
    ja: '確認コード（6桁の数字またはリカバリーコード）を入力してください。',
    en: 'Enter the verification code (6 digits, or a recovery code).',
  },
  staffLoginFailed: {
    ja: 'メールアドレス、パスワードまたは確認コードが間違っています。',
    en: 'The email, password or verification code is wrong.',
  },
  staffRoleInvalid: {
    ja: '権限は owner、catalogue、support、fulfilment のいずれかを指定してください。',
    en: 'The role must be one of owner, catalogue, support or fulfilment.',
  },
} as const satisfies Record<string, Text>;
