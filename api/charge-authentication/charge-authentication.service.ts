import { canAuthenticateCharge, isProviderRedirect, LATE_AUTHENTICATION_REFUND, type AuthOutcome } from '../../shared/charge-authentication.ts';
import type { RedirectTarget } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { settleChargeByKey } from '../billing/settle-charge.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { providerUnavailable } from '../user-plan/provider-errors.ts';

const ORDER = { ja: 'ご注文', en: 'The order' };
const NOT_WAITING = {
  ja: 'このお支払いは本人認証の対象ではありません（お支払い済み、発送日を過ぎた、または再決済が始まっています）。ページを再読み込みしてご確認ください。',
  en: 'This payment does not need authentication (it is paid, past its ship date, or being charged again). Please reload the page and check.',
};
const PAID_STATUSES: readonly string[] = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'];

async function findOwnRound(ctx: ApiContext, userId: number, historyId: number) {
  const row = await ctx.db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .select(['h.id', 'h.charge_key', 'h.charge_id', 'h.payment_status', 'h.action_required_at', 'o.ship_date'])
    .where('h.id', '=', historyId).where('h.user_id', '=', userId).where('h.origin', '=', 'billing').executeTakeFirst();
  if (!row) throw new NotFoundError(ORDER);
  return row;
}

/** Where my page shows the outcome of an authentication (`?auth=`). */
export const authOutcomePath = (outcome: AuthOutcome): string => `${href('profile')}?auth=${outcome}`;

/**
 * POST /api/charge-authentication: the provider's page where the shopper authenticates the charge
 * the bank held. Outside any transaction, with the provider's deadline. Already paid at the
 * provider: settled now and my page says so. Nothing to authenticate there: the round stops
 * waiting (a plain decline, whose retries run on) and the shopper is told (409).
 */
export async function startAuthentication(ctx: ApiContext, userId: number, historyId: number): Promise<RedirectTarget> {
  const row = await findOwnRound(ctx, userId, historyId);
  const waiting = { paymentStatus: row.payment_status, actionRequiredAt: row.action_required_at, shipDate: row.ship_date };
  if (!canAuthenticateCharge(waiting, ctx.now()) || !row.charge_id) throw new DomainError(409, 'CONFLICT', NOT_WAITING);
  const returnUrl = new URL(`/api/charge-authentication/return?historyId=${row.id}`, ctx.publicOrigin).toString();
  const started = await withProviderDeadline(
    paymentProviderOf(ctx).startChargeAuthentication({ chargeId: row.charge_id, orderKey: row.charge_key, returnUrl }),
    (error) => ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, 'charge authentication start failed'),
  );
  if (started === 'timeout') throw providerUnavailable();
  if (started.status === 'succeeded') return { url: authOutcomePath((await settleChargeByKey(ctx, row.charge_key)) === 'paid' ? 'paid' : 'pending') };
  if (started.status === 'redirect' && isProviderRedirect(started.url)) return { url: started.url };
  if (started.status === 'redirect') ctx.logger.error({ orderKey: row.charge_key }, 'charge authentication page outside the gateway refused');
  await ctx.db.updateTable('plan_order_histories').set({ action_required_at: null, updated_at: ctx.now() })
    .where('id', '=', row.id).where('charge_key', '=', row.charge_key).where('payment_status', '=', 'ERROR').execute();
  throw new DomainError(409, 'CONFLICT', NOT_WAITING);
}

/**
 * GET /api/charge-authentication/return: the shopper's browser back from the provider's page.
 * The round is settled by asking the provider (settleChargeByKey), never by the query string.
 */
export async function returnFromAuthentication(ctx: ApiContext, userId: number, historyId: number): Promise<AuthOutcome> {
  const row = await findOwnRound(ctx, userId, historyId);
  const settled = await settleChargeByKey(ctx, row.charge_key);
  if (settled === 'paid') return 'paid';
  if (settled === 'in_doubt') return 'pending';
  // Paid after the ship date: refunded (decision 0064), now or by a webhook or the pass before.
  if (settled === 'refunded') return 'late';
  // A webhook may have settled it first: the row says so.
  const now = await ctx.db.selectFrom('plan_order_histories').select(['payment_status', 'refund_reason']).where('id', '=', row.id).executeTakeFirst();
  if (now?.refund_reason === LATE_AUTHENTICATION_REFUND.ja) return 'late';
  return now && PAID_STATUSES.includes(now.payment_status) ? 'paid' : 'failed';
}
