import type { Text } from '../text.ts';

/** Stable error codes of the shop API; the body of every error response carries one. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  /** 410: a link whose time is over (the vault's download links). */
  | 'GONE'
  /** 421: a Host the server does not answer for (shared/allowed-hosts.ts). */
  | 'MISDIRECTED_REQUEST'
  | 'METHOD_NOT_ALLOWED'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  /** The session must prove the password or a mail code again (securitySafe has lapsed). */
  | 'REAUTH_REQUIRED'
  /** Too many password hashes under way; retry shortly. */
  | 'BUSY'
  /** The mail could not be handed to the mail server in time. */
  | 'MAIL_UNAVAILABLE'
  | 'INTERNAL'
  | 'DATABASE_UNAVAILABLE'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_TIMEOUT'
  /** A success status whose body was not JSON (a misrouted proxy, a truncated body). */
  | 'BAD_RESPONSE'
  | 'NETWORK'
  /** Checkout (issue 8): what the shopper must fix first; the message names the page. */
  | 'PAYMENT_METHOD_REQUIRED'
  | 'ADDRESS_REQUIRED'
  | 'NO_OPEN_ROUND'
  | 'ARTIST_CLOSED'
  | 'ALREADY_SUBSCRIBED'
  /** Checkout (issue 30): the total the page showed is not what the round would charge now. */
  | 'TOTAL_CHANGED'
  /** The provider declined the charge; nothing was created. */
  | 'PAYMENT_DECLINED'
  /** The payment provider did not answer in time; nothing was charged twice, retry. */
  | 'PAYMENT_UNAVAILABLE'
  /** An idempotency key sent again with another request body. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The same idempotency key is still being processed by an earlier request. */
  | 'IN_PROGRESS'
  /** 同梱: the charge of another box of the parcel, which carries its shipping, is not answered yet; retry shortly. */
  | 'PARCEL_IN_FLIGHT'
  /** A skip or pause taken back after its round's deadline (shared/subscription-rules.ts `canUndo`). */
  | 'UNDO_TOO_LATE'
  /** Issue 9: this order has no receipt (unpaid, cancelled, or GMOAB whose payment slip serves). */
  | 'RECEIPT_UNAVAILABLE'
  /** Issue 9: the receipt has not been issued yet (POST issues it). */
  | 'RECEIPT_NOT_ISSUED'
  /** A change would move a round's payment status in a way shared/payment.ts refuses (e.g. a shipped box). */
  | 'PAYMENT_STATUS_CONFLICT'
  /** Issue 34: a round a konbini/PayPay fan paid herself keeps its plan and count (nothing can be charged again). */
  | 'SELF_PAID_ROUND';

/** The one error shape of the API (docs/decisions/0006-api-edge-rules.md). */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  messageEn: string;
  /** Form errors, per field name. */
  fields?: Record<string, Text>;
}

/** docs/spec.md §8: a network failure is status 999 with the text "Network Error". */
export const NETWORK_ERROR_STATUS = 999;
export const NETWORK_ERROR_TEXT = 'Network Error';

/** docs/spec.md §5: calls that need a path parameter or body fail when it is null or undefined. */
export class RequiredParameterError extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`Required parameter ${field} was null or undefined.`);
    this.name = 'RequiredParameterError';
    this.field = field;
  }
}
