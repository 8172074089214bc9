import * as z from 'zod/mini';
import type { Text } from './text.ts';

/**
 * The console's 「振込返金」 (issue 34; permission `refunds`): the konbini payments the shop returns
 * by bank transfer (`shopper_refund_transfers`), and the one form that marks one transferred.
 * Shared by the console page and the staff API.
 */
export const TRANSFERS_PAGE_SIZE = 50;

export const TransfersQuery = z.strictObject({
  page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/))),
});

/** Mark one transfer done: which transfer (the form's hidden field). */
export const TransferDoneInput = z.strictObject({
  transfer: z.string().check(z.regex(/^[1-9][0-9]{0,8}$/)),
});

/** One open transfer, as support reads it. */
export interface RefundTransfer {
  id: number;
  userId: number;
  email: string;
  name: string;
  amount: number;
  reason: string;
  createdAt: string;
  /** The order (注文番号) whose money it returns, when it is an order's refund. */
  historyId: number | null;
}

export interface RefundTransferPage {
  transfers: RefundTransfer[];
  page: number;
  hasNext: boolean;
}

export interface TransferDone {
  id: number;
  /** False when another member had marked it already (a double submit): nothing changed. */
  changed: boolean;
}

export const TRANSFERS_TITLE: Text = { ja: '振込返金', en: 'Refunds by bank transfer' };

/**
 * The reason stored with a transfer of an order's refund names that refund's key (one transfer per
 * payment and reason): marking it done settles that refund. Support reads it as 「注文の返金」.
 */
export const TRANSFER_REASON_PREFIX = 'order refund ';
export const transferReasonOf = (refundKey: string): string => `${TRANSFER_REASON_PREFIX}${refundKey}`;
export function refundKeyOfTransfer(reason: string): string | null {
  return reason.startsWith(TRANSFER_REASON_PREFIX) ? reason.slice(TRANSFER_REASON_PREFIX.length) : null;
}
export function transferReasonLabel(reason: string): Text {
  return refundKeyOfTransfer(reason) === null ? { ja: reason, en: reason } : { ja: '注文の返金', en: 'Refund of an order' };
}
