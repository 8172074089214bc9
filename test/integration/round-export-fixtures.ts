import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../api/db/schema.ts';

/**
 * A round to ship and its boxes, for the shipping-list tests (round-export.test.ts): plain rows
 * inserted with Kysely, or `n` boxes at once in set-based SQL for the bounded-memory run.
 */
export interface ExportRound {
  roundId: number;
  planId: number;
  userId: number;
}

export interface ShipTo {
  name: string;
  zip: string;
  address: string;
  address2: string;
  tel: string;
}

export const KNOWN_SHIP_TO: ShipTo = { name: '推野 花子', zip: '0600001', address: '北海道札幌市中央区北一条西', address2: '2-24-12 〜ハイツ101', tel: '0312345678' };

let serial = 0;

export async function seedExportRound(db: Kysely<DB>, slug: string, shipDate: Date, artistName = '星乃ミライ'): Promise<ExportRound> {
  const artist = await db.insertInto('artists').values({ slug, name: artistName, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) }).returning('id').executeTakeFirstOrThrow();
  const planId = (await db.insertInto('plans').values({ artist_id: artist.id, name: 'スタンダードプラン', price: 3300, pre_tax_price: 3000 }).returning('id').executeTakeFirstOrThrow()).id;
  const start = new Date(shipDate.getTime() - 40 * 86_400_000);
  const roundId = (await db.insertInto('plan_orders').values({
    plan_id: planId, name: '12月号', price: 3300, pre_tax_price: 3000, start_date: start, end_date: new Date(shipDate.getTime() - 10 * 86_400_000), ship_date: shipDate,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const userId = (await db.insertInto('users').values({ email: `${slug}@export.example`, password_hash: 'x', name: '推野 花子', payment_method: 'CARD' }).returning('id').executeTakeFirstOrThrow()).id;
  return { roundId, planId, userId };
}

/** One box of the round in `status`, to `shipTo`; its id is the order number (注文番号). */
export async function addBox(db: Kysely<DB>, round: ExportRound, status: string, shipTo: Partial<ShipTo> = {}, count = 1): Promise<number> {
  const to = { ...KNOWN_SHIP_TO, ...shipTo };
  serial += 1;
  const now = new Date();
  const userPlanId = (await db.insertInto('user_plans').values({ user_id: round.userId, plan_id: round.planId, count, status: 'CANCELLED', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow()).id;
  return (await db.insertInto('plan_order_histories').values({
    user_id: round.userId, user_plan_id: userPlanId, plan_id: round.planId, plan_order_id: round.roundId, payment_method: 'CARD', payment_status: status,
    count, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
    ship_zip: to.zip, ship_address: to.address, ship_address2: to.address2, ship_dest_name: to.name, ship_tel: to.tel,
    charge_key: `export-box-${serial}-${Date.now()}`, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** `n` boxes in the warehouse list of the round, in three statements. */
export async function addBulkBoxes(db: Kysely<DB>, round: ExportRound, n: number): Promise<void> {
  // Setting up 100,000 rows is the fixture's work, not the shop's: on a busy CI machine it may pass
  // the shop's 10 s statement timeout, which stays for everything the test measures.
  await db.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = '120s'`.execute(trx);
    await insertBulkBoxes(trx, round, n);
  });
}

async function insertBulkBoxes(db: Transaction<DB>, round: ExportRound, n: number): Promise<void> {
  const now = new Date();
  await sql`insert into user_plans (user_id, plan_id, count, status, created_at, updated_at)
    select ${round.userId}, ${round.planId}, 1, 'CANCELLED', ${now}, ${now} from generate_series(1, ${n})`.execute(db);
  await sql`insert into plan_order_histories (user_id, user_plan_id, plan_id, plan_order_id, payment_method, payment_status, count, price,
      pre_tax_price, ship_fee, pre_tax_ship_fee, total, ship_src_name, ship_zip, ship_address, ship_address2, ship_dest_name, ship_tel,
      charge_key, created_at, updated_at)
    select user_id, id, plan_id, ${round.roundId}, 'CARD', 'WAITING', 1, 3300, 3000, 660, 600, 3960, 'OshiBox', '1500002',
      '東京都渋谷区渋谷' || id, '2-24-12 推しハイツ' || id, '推野 花子' || id, '0312345678', 'bulk-export-' || id, ${now}, ${now}
    from user_plans where plan_id = ${round.planId} and user_id = ${round.userId}`.execute(db);
}

/**
 * A paid box (card, paid 20 days before `paidBefore`) of `userId` in `round`, in the warehouse list,
 * with its parcel key and its share of shipping as billing writes them (同梱, shared/parcel.ts):
 * the box that carries the fee pays ¥660, the others none. `key` null: a row from before billing wrote keys.
 */
export async function addParcelBox(
  db: Kysely<DB>, round: ExportRound, userId: number, parcel: { key: string | null; carriesFee: boolean }, paidBefore: Date, shipTo: Partial<ShipTo> = {},
): Promise<number> {
  const id = await addBox(db, { ...round, userId }, 'WAITING', shipTo);
  const fee = parcel.carriesFee ? { ship_fee: 660, pre_tax_ship_fee: 600, total: 3960 } : { ship_fee: 0, pre_tax_ship_fee: 0, total: 3300 };
  await db.updateTable('plan_order_histories').set({ ...fee, parcel_key: parcel.key, carries_fee: parcel.carriesFee, paid_at: new Date(paidBefore.getTime() - 20 * 86_400_000) })
    .where('id', '=', id).execute();
  return id;
}
