import type { ApiContext } from '../context.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';

export interface ShipToCorrection {
  historyId: number;
  name: string;
  zip: string;
  address: string;
  address2: string;
  tel: string;
}

const NO_ORDER = { ja: 'この注文はこのお客様のものではありません。', en: 'This order is not this customer\'s.' };
const NOT_WAITING = {
  ja: 'お届け先を直せるのは発送準備中の箱だけです。この箱は発送準備中ではありません（発送済み、または準備前でお客様の住所に届きます）。',
  en: 'Only a box being prepared for shipping can have its address corrected. This one is not (it has left, or it will go to the account\'s address).',
};

/**
 * Corrects the ship-to snapshot of a box being prepared (WAITING) before it leaves (issue 19).
 * Before WAITING a box follows the account's address (shared/payment.ts SHIP_TO_FOLLOWS_ACCOUNT);
 * once shipped, it is too late: a clear 400. Locked, audited with before/after, one transaction.
 */
export async function correctShipTo(ctx: ApiContext, actor: AuditActor, userId: number, input: ShipToCorrection): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('plan_order_histories')
      .select(['id', 'payment_status', 'ship_dest_name', 'ship_zip', 'ship_address', 'ship_address2', 'ship_tel'])
      .where('id', '=', input.historyId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(NO_ORDER);
    if (row.payment_status !== 'WAITING') throw new BadRequestError(NOT_WAITING, { historyId: NOT_WAITING });
    const now = ctx.now();
    const after = { ship_dest_name: input.name, ship_zip: input.zip, ship_address: input.address, ship_address2: input.address2, ship_tel: input.tel };
    await trx.updateTable('plan_order_histories').set({ ...after, updated_at: now }).where('id', '=', row.id).execute();
    const before = { ship_dest_name: row.ship_dest_name, ship_zip: row.ship_zip, ship_address: row.ship_address, ship_address2: row.ship_address2, ship_tel: row.ship_tel };
    await writeAudit(trx, actor, { action: 'customer.ship-to', outcome: 'success', targetType: 'order', targetId: row.id, before, after }, now);
  });
}
