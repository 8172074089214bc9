import type { ExpressionBuilder } from 'kysely';
import { tenureOf } from '../order-history/tenure.ts';
import type { CustomerCharge, CustomerDetail, CustomerKeptOffer, CustomerMail, CustomerMailBody, CustomerSubscription } from '../../shared/api/customers.ts';
import { CANCEL_OFFER_LABELS, cancelReasonLabel, isCancelOffer, isCancelReason } from '../../shared/cancel-reasons.ts';
import { CHARGED_STATUSES } from '../../shared/dashboard-figures.ts';
import { trackingOf } from '../../shared/carriers.ts';
import { disputeOf } from '../../shared/dispute.ts';
import { refundCap } from '../../shared/refund-rules.ts';
import { refundedShipFee } from '../../shared/parcel.ts';
import { PAID_STATUSES } from '../../shared/receipt.ts';
import { findPartialRefunds } from '../order-history/order-refunds.repository.ts';
import { findOrderParcels } from '../parcel/parcels.service.ts';
import type { DB, Db } from '../db/schema.ts';
import { openTransfersOf } from '../refund-transfers/refund-transfers.service.ts';
import { NotFoundError } from '../http/errors.ts';

/** Each list of a customer's page is bounded: the newest rows first, at most this many. */
export const DETAIL_LIST_MAX = 50;

const NOT_FOUND = { ja: 'お客様が見つかりません。', en: 'No such customer.' };
/** Money was taken for the round and it was not voided (shared/dashboard-figures.ts). */
export const CHARGED: readonly string[] = CHARGED_STATUSES;

/**
 * A full refund is possible: the round was charged and no refund is done or under way, or a voided
 * round's refund failed and is left for the operator's retry (api/user-plan/round-charge.ts).
 */
export function isRefundable(row: { payment_status: string; refund_status: string | null }): boolean {
  if (row.payment_status === 'CANCEL') return row.refund_status === 'failed';
  return CHARGED.includes(row.payment_status) && (row.refund_status === null || row.refund_status === 'failed');
}

export async function findCustomer(db: Db, id: number) {
  const row = await db.selectFrom('users')
    .select(['id', 'email', 'name', 'name_kana', 'tel', 'zip', 'address', 'address2', 'lang', 'payment_method', 'created_at', 'deleted_at'])
    .where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

export async function customerDetail(db: Db, id: number, now: Date, windowDays = 0): Promise<CustomerDetail> {
  const user = await findCustomer(db, id);
  const [card, subscriptions, tenure, keptOffers, charges, mails, notes, refundTransfers] = await Promise.all([
    db.selectFrom('user_cards').select(['brand', 'last4']).where('user_id', '=', id).executeTakeFirst(),
    subscriptionsOf(db, id),
    tenureOf(db, id, now),
    keptOffersOf(db, id),
    chargesOf(db, id, windowDays),
    mailsOf(db, id, user.email),
    db.selectFrom('support_notes').select(['id', 'staff_email', 'body', 'created_at']).where('user_id', '=', id)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DETAIL_LIST_MAX).execute(),
    openTransfersOf(db, id),
  ]);
  return {
    profile: {
      id: user.id, email: user.email, name: user.name, nameKana: user.name_kana, tel: user.tel, zip: user.zip, address: user.address,
      address2: user.address2, lang: user.lang, createdAt: user.created_at.toISOString(), deleted: user.deleted_at !== null,
    },
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    paymentMethod: user.payment_method,
    subscriptions,
    tenure,
    keptOffers,
    charges,
    mails,
    notes: notes.map((n) => ({ id: n.id, staffEmail: n.staff_email, body: n.body, createdAt: n.created_at.toISOString() })),
    refundTransfers,
  };
}

async function subscriptionsOf(db: Db, userId: number): Promise<CustomerSubscription[]> {
  const rows = await db.selectFrom('user_plans as up').innerJoin('plans as p', 'p.id', 'up.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['up.id', 'up.plan_id', 'p.name as plan_name', 'a.name as artist_name', 'up.status', 'up.count', 'up.paused_from',
      'up.created_at', 'up.cancelled_at', 'up.cancel_reason', 'up.cancel_note', 'up.cancel_by'])
    .where('up.user_id', '=', userId).orderBy('up.created_at', 'desc').orderBy('up.id', 'desc').limit(DETAIL_LIST_MAX).execute();
  return rows.map((r) => ({
    id: r.id, planId: r.plan_id, planName: r.plan_name, artistName: r.artist_name, status: r.status, count: r.count,
    paused: r.paused_from !== null, createdAt: r.created_at.toISOString(), cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelReason: r.status === 'CANCELLED' ? cancelReasonLabel(r.cancel_reason) : null, cancelNote: r.cancel_note,
    cancelledBy: r.status === 'CANCELLED' && r.cancel_by ? CANCELLED_BY[r.cancel_by] ?? null : null,
  }));
}

const CANCELLED_BY: Record<string, CustomerSubscription['cancelledBy']> = {
  fan: { ja: 'お客様（解約ページ）', en: 'The fan (cancel page)' },
  staff: { ja: 'スタッフ', en: 'Staff' },
};

async function keptOffersOf(db: Db, userId: number): Promise<CustomerKeptOffer[]> {
  const rows = await db.selectFrom('cancel_offers as o').innerJoin('plans as p', 'p.id', 'o.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .leftJoin('plans as t', 't.id', 'o.to_plan_id')
    .select(['o.id', 'o.offer', 'o.reason', 'o.note', 'o.accepted_at', 'p.name as plan_name', 'a.name as artist_name', 't.name as to_plan_name'])
    .where('o.user_id', '=', userId).orderBy('o.accepted_at', 'desc').orderBy('o.id', 'desc').limit(DETAIL_LIST_MAX).execute();
  return rows.filter((r) => isCancelOffer(r.offer)).map((r) => ({
    id: r.id, artistName: r.artist_name, planName: r.plan_name, offer: isCancelOffer(r.offer) ? CANCEL_OFFER_LABELS[r.offer] : { ja: r.offer, en: r.offer },
    toPlanName: r.to_plan_name, reason: isCancelReason(r.reason) ? cancelReasonLabel(r.reason) : null, note: r.note, acceptedAt: r.accepted_at.toISOString(),
  }));
}

async function chargesOf(db: Db, userId: number, windowDays: number): Promise<CustomerCharge[]> {
  const rows = await db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['h.id', 'a.name as artist_name', 'p.name as plan_name', 'o.name as round_name', 'h.payment_status', 'h.payment_method', 'h.total',
      'h.refund_status', 'h.refund_reason', 'h.refunded_at', 'h.refund_box', 'h.created_at', 'h.dispute_id', 'h.dispute_status',
      'h.ship_dest_name', 'h.ship_zip', 'h.ship_address', 'h.ship_address2', 'h.ship_tel', 'h.ship_number', 'h.carrier', 'h.parcel_key', 'h.carries_fee', 'h.ship_fee', 'h.superseded_by'])
    .where('h.user_id', '=', userId).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(DETAIL_LIST_MAX).execute();
  const partials = await findPartialRefunds(db, rows.map((r) => r.id));
  const parcels = await findOrderParcels(db, rows.filter((r) => r.superseded_by === null).map((r) => r.id), windowDays);
  return rows.map((r) => {
    const own = partials.filter((p) => p.historyId === r.id);
    const cap = isRefundable(r) ? refundCap({ total: r.total, fullRefundStatus: r.refund_status, partials: own }) : 0;
    return {
      id: r.id, artistName: r.artist_name, planName: r.plan_name, roundName: r.round_name, paymentStatus: r.payment_status, paymentMethod: r.payment_method,
      total: r.total, refundStatus: r.refund_status, refundReason: r.refund_reason, refundedAt: r.refunded_at?.toISOString() ?? null,
      refundable: cap > 0, refundCap: cap, refundBox: r.refund_box === 'stop' || r.refund_box === 'ship' ? r.refund_box : null,
      partialRefunds: own.map((p) => ({ amount: p.amount, status: p.status, reason: p.reason, at: (p.refundedAt ?? p.createdAt).toISOString() })),
      createdAt: r.created_at.toISOString(),
      shipTo: { name: r.ship_dest_name, zip: r.ship_zip, address: r.ship_address, address2: r.ship_address2, tel: r.ship_tel },
      dispute: disputeOf(r),
      tracking: trackingOf(r.ship_number, r.carrier),
      parcel: parcels.get(r.id) ?? null,
      stopRefundParcel: stopRefundParcel(r, rows),
    };
  });
}

type ParcelFacts = { id: number; parcel_key: string | null; carries_fee: boolean; ship_fee: number; payment_status: string; superseded_by: number | null };

/**
 * 同梱: what a full refund with the box stopped does about the parcel's shipping (the rule of
 * api/billing/parcel-fee.ts `parcelFeeOnRefund`, for the confirm step): the fee a carrier keeps
 * while another paid box ships, or the fee a last box out takes back.
 */
function stopRefundParcel(box: ParcelFacts, all: readonly ParcelFacts[]): { kept: number; back: number } | null {
  if (box.parcel_key === null) return null;
  const same = all.filter((r) => r.parcel_key === box.parcel_key && r.id !== box.id);
  const others = same.filter((r) => r.superseded_by === null && (PAID_STATUSES as readonly string[]).includes(r.payment_status)).length;
  if (box.carries_fee) {
    const kept = box.ship_fee - refundedShipFee({ shipFee: box.ship_fee }, others);
    return kept > 0 ? { kept, back: 0 } : null;
  }
  const keeper = others === 0 ? same.find((r) => r.carries_fee && r.payment_status === 'CANCEL') : undefined;
  return keeper && keeper.ship_fee > 0 ? { kept: 0, back: keeper.ship_fee } : null;
}

/**
 * The billing outbox's mails (with their state) and every other mail sent (mail_log: by the user's
 * id, or by the address for code mails sent before there was an account), newest first, bounded.
 */
async function mailsOf(db: Db, userId: number, email: string): Promise<CustomerMail[]> {
  const [billing, logged] = await Promise.all([
    db.selectFrom('billing_mails').select(['key', 'kind', 'subject', 'status', 'created_at', 'sent_at']).where('user_id', '=', userId)
      .orderBy('created_at', 'desc').limit(DETAIL_LIST_MAX).execute(),
    db.selectFrom('mail_log').select((eb) => ['id', 'kind', 'subject', 'sent_at', eb('body_text', 'is not', null).as('readable')])
      .where(mailOfCustomer(userId, email))
      .orderBy('sent_at', 'desc').limit(DETAIL_LIST_MAX).execute(),
  ]);
  const mails: CustomerMail[] = [
    ...billing.map((m) => ({ ref: `b-${m.key}`, kind: m.kind, subject: m.subject, status: m.status, at: (m.sent_at ?? m.created_at).toISOString(), readable: true })),
    ...logged.map((m) => ({ ref: `l-${m.id}`, kind: m.kind, subject: m.subject, status: 'sent', at: m.sent_at.toISOString(), readable: Boolean(m.readable) })),
  ];
  return mails.sort((a, b) => b.at.localeCompare(a.at)).slice(0, DETAIL_LIST_MAX);
}

/** The mail log's rows of a customer: by their id, or by their address for code mails sent before there was an account. */
function mailOfCustomer(userId: number, email: string) {
  return (eb: ExpressionBuilder<DB, 'mail_log'>) => eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase())]);
}

/**
 * One mail sent to this customer, with its text (issue 32): a billing outbox mail, or a logged
 * mail whose text was kept. 404 for another customer's mail, and for one that held a code.
 */
export async function customerMail(db: Db, userId: number, ref: string): Promise<CustomerMailBody> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new NotFoundError(NOT_FOUND);
  if (ref.startsWith('b-')) {
    const m = await db.selectFrom('billing_mails').select(['key', 'kind', 'recipient', 'subject', 'body_text', 'created_at', 'sent_at'])
      .where('key', '=', ref.slice(2)).where('user_id', '=', userId).executeTakeFirst();
    if (m) return { ref, kind: m.kind, to: m.recipient, subject: m.subject, at: (m.sent_at ?? m.created_at).toISOString(), text: m.body_text };
  } else {
    const m = await db.selectFrom('mail_log').select(['kind', 'recipient', 'subject', 'body_text', 'sent_at'])
      .where('id', '=', ref.slice(2)).where(mailOfCustomer(userId, user.email)).executeTakeFirst();
    if (m?.body_text != null) return { ref, kind: m.kind, to: m.recipient, subject: m.subject, at: m.sent_at.toISOString(), text: m.body_text };
  }
  throw new NotFoundError(MAIL_NOT_FOUND);
}

const MAIL_NOT_FOUND = {
  ja: 'このメールは見つからないか、本文を保存していません（確認コードを含むメールは保存しません）。',
  en: 'This mail is not found, or its text was not kept (mails holding a code never are).',
};
