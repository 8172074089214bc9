import type { Text } from '../../../shared/text.ts';

/** How the console names a box's payment status in the Rounds & shipping area (shared/payment.ts). */
export const BOX_STATUS: Record<string, Text> = {
  WAITING: { ja: '出荷待ち', en: 'Waiting' },
  SUCCESS: { ja: '決済済み', en: 'Charged' },
  SHIPSTART: { ja: '発送済み（通知前）', en: 'Shipped (mail pending)' },
  COMPLETEMAIL: { ja: '発送済み', en: 'Shipped' },
  DELIVERED: { ja: '配達完了', en: 'Delivered' },
};

export function boxStatus(status: string): Text {
  return BOX_STATUS[status] ?? { ja: status, en: status };
}

export const IMPORT_MODE: Record<'shipped' | 'delivered', Text> = {
  shipped: { ja: '発送（追跡番号）', en: 'Shipped (tracking numbers)' },
  delivered: { ja: '配達完了', en: 'Delivered' },
};
