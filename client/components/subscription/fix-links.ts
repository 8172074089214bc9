import type { ErrorCode } from '../../../shared/api/errors.ts';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';

/** What stops a checkout, with the page that fixes it (returning to `returnTo` where it can). */
export interface Blocker {
  code: ErrorCode;
  text: Text;
  link?: { path: string; label: Text };
}

export const FIX_LABELS = {
  payment: { ja: 'お支払い方法を設定する', en: 'Set your payment method' },
  address: { ja: 'お届け先を登録する', en: 'Enter your delivery address' },
  lineup: { ja: 'ラインナップを見る', en: 'See the lineup' },
  plans: { ja: 'プラン管理へ', en: 'Go to My plans' },
} as const satisfies Record<string, Text>;

export function withReturn(path: string, returnTo: string): string {
  return `${path}?url=${encodeURIComponent(returnTo)}`;
}

/** The link that fixes a refusal of the API, by its code. */
export function blockerOf(code: ErrorCode, text: Text, returnTo: string): Blocker {
  switch (code) {
    case 'PAYMENT_METHOD_REQUIRED':
    case 'PAYMENT_DECLINED':
      return { code, text, link: { path: withReturn(href('profilePayment'), returnTo), label: FIX_LABELS.payment } };
    case 'ADDRESS_REQUIRED':
      return { code, text, link: { path: withReturn(href('profileAddress'), returnTo), label: FIX_LABELS.address } };
    case 'ARTIST_CLOSED':
    case 'NO_OPEN_ROUND':
      return { code, text, link: { path: href('lineup'), label: FIX_LABELS.lineup } };
    case 'ALREADY_SUBSCRIBED':
      return { code, text, link: { path: href('plan'), label: FIX_LABELS.plans } };
    default:
      return { code, text };
  }
}
