import type { Text } from './text.ts';

/**
 * The global errors of docs/spec.md §8, apart from the catalogue (shared/messages.ts, which holds them
 * too): every page's first JavaScript needs these two, not the catalogue (issue 11).
 */
export const COMMUNICATION_ERROR = {
  ja: '通信エラーが発生しました。通信環境の良い場所で再度お試しください。',
  en: 'A communication error occurred. Please retry in a better network environment.',
} as const satisfies Text;

export const SERVER_ERROR = {
  ja: 'サーバーエラーが発生しました。時間をおいて再度お試しください。',
  en: 'A server error occurred. Please try again later.',
} as const satisfies Text;

/** The global error for a failed login-status call (docs/spec.md §8). */
export function loginStatusError(status: number): Text {
  return status === 999 ? COMMUNICATION_ERROR : SERVER_ERROR;
}
