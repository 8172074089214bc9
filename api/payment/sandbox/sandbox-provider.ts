import type { Kysely } from 'kysely';
import { CARD_BRANDS, type CardBrand } from '../../../shared/payment.ts';
import type { DB } from '../../db/schema.ts';
import type {
  CardRegistrationResult, ChargeRequest, ChargeResult, ChargeStatus, PaymentProvider, RefundRequest, RefundResult, ScreeningRequest, ScreeningResult,
} from '../provider.ts';
import { findRegistration, insertRegistration, newId, updateRegistration } from './sandbox.repository.ts';
import { SANDBOX_DECLINED_TEL } from './test-cards.ts';
import { cancelSandboxShopperPayment, createSandboxShopperPayment, findSandboxShopperPayment, refundSandboxShopperPayment } from './sandbox-shopper.ts';

/** The hosted pages live under the shop's own /api (the web tier proxies it): same origin. */
export const SANDBOX_BASE_PATH = '/api/sandbox';

const CHARGE_DECLINED = { ja: 'カード会社により決済が拒否されました。別のカードをご利用ください。', en: 'The card issuer declined the charge. Please use another card.' };
const SCREENING_DECLINED = {
  ja: '後払いの審査の結果、ご利用いただけません。',
  en: 'Deferred payment is not available after screening.',
};

/**
 * The offline sandbox gateway. It keeps its state in `sandbox_*` tables, as a real gateway keeps
 * its own, and answers like one: idempotent charges by order key, refunds up to the amount charged.
 */
export function createSandboxProvider(deps: { db: Kysely<DB>; now: () => Date; latencyMs?: number }): PaymentProvider {
  const { db, now } = deps;
  // A real gateway answers in a few hundred milliseconds; SANDBOX_LATENCY_MS lets a rehearsal or
  // the billing benchmark feel that (the wait happens outside any database work).
  const later = <T>(work: () => Promise<T>): Promise<T> =>
    deps.latencyMs ? new Promise((resolve) => setTimeout(resolve, deps.latencyMs)).then(work) : work();
  return {
    name: 'sandbox',
    testMode: true,
    // The sandbox reads its own table: a charge is found the moment it is made.
    lookupLagMs: 0,
    async startCardRegistration({ userId, returnUrl }) {
      const id = await insertRegistration(db, userId, returnUrl, now());
      return { url: `${SANDBOX_BASE_PATH}/card/${id}` };
    },
    confirmCardRegistration: ({ userId, registrationId }) => confirm(db, now(), userId, registrationId),
    charge: (input) => later(() => charge(db, now(), input)),
    findCharge: (orderKey) => later(async () => {
      const row = await db.selectFrom('sandbox_charges').selectAll().where('order_key', '=', orderKey).executeTakeFirst();
      return row ? toChargeResult(row) : null;
    }),
    refund: (input) => refund(db, input, now()),
    // The card 4000 0000 0000 3063 holds every charge for 3-D Secure: its page is the sandbox's own.
    startChargeAuthentication: ({ chargeId, orderKey, returnUrl }) => later(async () => {
      const row = await db.selectFrom('sandbox_charges').select(['status']).where('order_key', '=', orderKey).where('charge_id', '=', chargeId).executeTakeFirst();
      if (row?.status === 'succeeded') return { status: 'succeeded' as const };
      if (row?.status !== 'requires_action') return { status: 'unavailable' as const };
      await db.updateTable('sandbox_charges').set({ return_url: returnUrl }).where('order_key', '=', orderKey).where('status', '=', 'requires_action').execute();
      return { status: 'redirect' as const, url: chargePagePath(chargeId) };
    }),
    // A held charge is cancelled (its page then takes nothing); a charge made is taken, a decline took nothing.
    cancelCharge: ({ orderKey }) => later(async () => {
      await db.updateTable('sandbox_charges').set({ status: 'canceled' }).where('order_key', '=', orderKey).where('status', '=', 'requires_action').execute();
      const row = await db.selectFrom('sandbox_charges').select('status').where('order_key', '=', orderKey).executeTakeFirst();
      return row?.status === 'succeeded' ? 'succeeded' : row?.status === 'canceled' ? 'cancelled' : 'unavailable';
    }),
    screenDeferred: (input) => screen(db, now(), input),
    // Konbini vouchers and PayPay payments (issue 34): pages under /api/sandbox (shopper-pages.ts).
    createShopperPayment: (input) => later(() => createSandboxShopperPayment(db, now(), input)),
    findShopperPayment: (ref) => later(() => findSandboxShopperPayment(db, now(), ref)),
    cancelShopperPayment: (ref) => later(() => cancelSandboxShopperPayment(db, now(), ref)),
    refundShopperPayment: (input) => refundSandboxShopperPayment(db, now(), input),
  };
}

async function confirm(db: Kysely<DB>, now: Date, userId: number, registrationId: string): Promise<CardRegistrationResult> {
  const row = await findRegistration(db, registrationId, now);
  if (!row || row.user_id !== userId) return { status: 'not_found' };
  if (row.status === 'declined' && (await updateRegistration(db, row.id, 'declined', { status: 'consumed' }))) {
    return { status: 'declined', reason: declineText(row.decline_reason).ja, reasonEn: declineText(row.decline_reason).en };
  }
  if (row.status !== 'registered' || !row.token || !row.brand || !row.last4 || !row.expiry) return { status: 'not_found' };
  // Consumed once: a replayed return URL records nothing twice.
  if (!(await updateRegistration(db, row.id, 'registered', { status: 'consumed' }))) return { status: 'not_found' };
  return { status: 'registered', token: row.token, brand: toBrand(row.brand), last4: row.last4, expiry: row.expiry };
}

export const DECLINE_TEXTS = {
  three_d_secure_failed: { ja: '本人認証（3-Dセキュア）に失敗しました。', en: '3-D Secure authentication failed.' },
  card_declined: { ja: 'カード会社によりご利用が拒否されました。', en: 'The card issuer declined the card.' },
  too_many_tries: { ja: 'カード情報の入力が規定の回数を超えました。', en: 'The card details were tried too many times.' },
} as const;

function declineText(reason: string | null) {
  if (reason === 'three_d_secure_failed' || reason === 'too_many_tries') return DECLINE_TEXTS[reason];
  return DECLINE_TEXTS.card_declined;
}

function toBrand(value: string): CardBrand {
  const brand = CARD_BRANDS.find((b) => b === value);
  if (!brand) throw new Error(`sandbox: unknown brand in its own table: ${value}`);
  return brand;
}

async function charge(db: Kysely<DB>, now: Date, input: ChargeRequest): Promise<ChargeResult> {
  const earlier = await db.selectFrom('sandbox_charges').selectAll().where('order_key', '=', input.orderKey).executeTakeFirst();
  if (earlier) return toChargeResult(earlier);
  let declined = false;
  let held = false;
  if (input.source.kind === 'card') {
    const card = await db.selectFrom('sandbox_cards').select(['declines_charges', 'authenticates_charges']).where('token', '=', input.source.token).executeTakeFirst();
    declined = !card || card.declines_charges;
    held = !declined && card?.authenticates_charges === true;
  } else {
    declined = input.source.buyer.tel === SANDBOX_DECLINED_TEL;
  }
  await db.insertInto('sandbox_charges').values({
    order_key: input.orderKey, charge_id: newId('ch'), source_kind: input.source.kind,
    token: input.source.kind === 'card' ? input.source.token : null, amount: input.amount,
    status: declined ? 'declined' : held ? 'requires_action' : 'succeeded', decline_reason: declined ? 'card_declined' : null,
    return_url: held ? input.returnUrl ?? null : null, created_at: now,
  }).onConflict((oc) => oc.column('order_key').doNothing()).execute();
  // Two calls with one key at once: whichever row landed first is the answer to both.
  const row = await db.selectFrom('sandbox_charges').selectAll().where('order_key', '=', input.orderKey).executeTakeFirstOrThrow();
  const result = toChargeResult(row);
  // On-session (checkout): the bank's page comes with the answer; off-session, startChargeAuthentication gives it.
  return result.status === 'action_required' && row.return_url ? { ...result, authenticationUrl: chargePagePath(row.charge_id) } : result;
}

/** The sandbox bank's 3-D Secure page of a held charge (charge-page.ts), under the shop's /api. */
const chargePagePath = (chargeId: string): string => `${SANDBOX_BASE_PATH}/charge/${chargeId}`;

const CHARGE_STATUSES: Record<string, ChargeStatus> = {
  succeeded: 'succeeded', declined: 'declined', canceled: 'declined', pending: 'pending', requires_action: 'action_required',
};

function toChargeResult(row: { order_key: string; charge_id: string; amount: number; status: string; decline_reason: string | null }): ChargeResult {
  const status = CHARGE_STATUSES[row.status] ?? 'declined';
  const result: ChargeResult = { status, chargeId: row.charge_id, orderKey: row.order_key, amount: row.amount };
  if (status === 'declined') {
    const text = row.decline_reason === 'three_d_secure_failed' ? DECLINE_TEXTS.three_d_secure_failed : CHARGE_DECLINED;
    result.declineReason = text.ja;
    result.declineReasonEn = text.en;
  }
  return result;
}

/** Refunds once per refund key, as a real gateway does: a key already answered is refunded already. */
async function refund(db: Kysely<DB>, input: RefundRequest, now: Date): Promise<RefundResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { status: 'failed', reason: 'amount must be a positive integer' };
  if (!input.chargeId && !input.orderKey) return { status: 'failed', reason: 'no charge named' };
  return db.transaction().execute(async (trx) => {
    let charge = trx.selectFrom('sandbox_charges').select('order_key').where('status', '=', 'succeeded');
    charge = input.chargeId ? charge.where('charge_id', '=', input.chargeId) : charge.where('order_key', '=', input.orderKey ?? '');
    const found = await charge.forUpdate().executeTakeFirst();
    if (!found) return { status: 'failed', reason: 'no refundable charge for that amount' };
    const earlier = await trx.selectFrom('sandbox_refunds').select('refund_key').where('refund_key', '=', input.refundKey).executeTakeFirst();
    if (earlier) return { status: 'refunded' };
    const result = await trx.updateTable('sandbox_charges')
      .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', input.amount) }))
      .where('order_key', '=', found.order_key)
      .where((eb) => eb(eb('refunded_amount', '+', input.amount), '<=', eb.ref('amount')))
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return { status: 'failed', reason: 'no refundable charge for that amount' };
    await trx.insertInto('sandbox_refunds').values({ refund_key: input.refundKey, order_key: found.order_key, amount: input.amount, created_at: now }).execute();
    return { status: 'refunded' };
  });
}

async function screen(db: Kysely<DB>, now: Date, input: ScreeningRequest): Promise<ScreeningResult> {
  const approved = input.tel !== SANDBOX_DECLINED_TEL;
  await db.insertInto('sandbox_screenings').values({ user_id: input.userId, approved, amount: input.amount, created_at: now }).execute();
  return approved ? { approved } : { approved, reason: SCREENING_DECLINED.ja, reasonEn: SCREENING_DECLINED.en };
}
