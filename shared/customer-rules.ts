import * as z from 'zod/mini';
import { Address2Field, AddressField, NameField, TelField, ZipField } from './account-rules.ts';
import { CANCEL_NOTE_MAX, CANCEL_REASONS } from './cancel-reasons.ts';
import type { MessageKey } from './field-errors.ts';
import { isCleanText } from './free-text.ts';
import { REFUND_BOXES } from './refund-rules.ts';

/**
 * The console's customers area (issue 19): the rules of its search and of every action taken on a
 * shopper's behalf, shared by the console's forms and the staff API (api/customers/).
 */
const m = (key: MessageKey) => ({ error: key });

export const CUSTOMER_QUERY_MAX = 100;
export const CUSTOMER_PAGE_SIZE = 20;
export const CUSTOMER_PAGE_MAX = 50;
export const REFUND_REASON_MAX = 500;
export const SUPPORT_NOTE_MAX = 1000;

/** A sent mail on a customer's page: `b-<billing outbox key>` or `l-<mail log id>` (issue 32). */
export const MAIL_REF = /^(?:b-[A-Za-z0-9:_-]{1,120}|l-[1-9]\d{0,18})$/;

const trimmed = (max: number, key: MessageKey, min = 1, multiline = false) =>
  z.string(m(key)).check(
    z.overwrite((v: string) => v.trim()),
    z.minLength(min, m(key)),
    z.maxLength(max, m(key)),
    z.refine((v: string) => isCleanText(v, { multiline }), m(key)),
  );

/** A form sends digits as text, JSON as a number: both are read as a whole number in range. */
const wholeNumber = (min: number, max: number, key: MessageKey) =>
  z.pipe(
    z.union([z.number(m(key)), z.string(m(key)).check(z.regex(/^(0|[1-9]\d{0,9})$/, m(key)))]),
    z.transform((v: number | string) => Number(v)),
  ).check(z.refine((n: number) => Number.isInteger(n) && n >= min && n <= max, m(key)));

const Id = wholeNumber(1, 2_147_483_647, 'idInvalid');

export const CustomerSearchQuery = z.strictObject({
  q: trimmed(CUSTOMER_QUERY_MAX, 'customerQueryInvalid'),
  page: z.optional(wholeNumber(1, CUSTOMER_PAGE_MAX, 'fieldInvalid')),
});

/** Made by the page that shows the form, once per render: a resubmit carries the same key. */
export const ActionKeyField = z.string(m('refundKeyInvalid')).check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, m('refundKeyInvalid')));

/** The most one refund may name; the order's own cap (shared/refund-rules.ts) is checked against its charge. */
export const REFUND_AMOUNT_MAX = 10_000_000;

/**
 * A refund: `amount` absent is the rest of the charge in full; `box` answers, for a full refund
 * before shipment, whether the box still ships (shared/refund-rules.ts `checkRefundRequest`).
 */
export const RefundInput = z.strictObject({
  historyId: Id,
  reason: trimmed(REFUND_REASON_MAX, 'customerReasonRequired'),
  idempotencyKey: ActionKeyField,
  amount: z.optional(wholeNumber(1, REFUND_AMOUNT_MAX, 'refundAmountInvalid')),
  box: z.optional(z.enum(REFUND_BOXES, m('refundBoxInvalid'))),
});

export const CancelInput = z.strictObject({
  planId: Id,
  reason: z.enum(CANCEL_REASONS, m('cancelReasonInvalid')),
  note: z.optional(trimmed(CANCEL_NOTE_MAX, 'cancelNoteInvalid', 0, true)),
});

export const PLAN_ACTIONS = ['skip', 'pause', 'resume'] as const;
export type PlanAction = (typeof PLAN_ACTIONS)[number];

export const PlanActionInput = z.strictObject({
  planId: Id,
  action: z.enum(PLAN_ACTIONS, m('planActionInvalid')),
});

export const SupportNoteInput = z.strictObject({
  body: trimmed(SUPPORT_NOTE_MAX, 'supportNoteInvalid', 1, true),
});

/** A box's ship-to corrected before it leaves: the shop's own address rules (shared/account-rules.ts). */
export const ShipToInput = z.strictObject({
  historyId: Id,
  name: NameField,
  zip: ZipField,
  address: AddressField,
  address2: Address2Field,
  tel: TelField,
});

/** Sends a charged round's payment mail again. */
export const ResendInput = z.strictObject({ historyId: Id });
