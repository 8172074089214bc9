import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';

/**
 * A shopper's boxes in every state an address change tells apart, dated from now (the web
 * stack runs on the real clock). ミライ: this month's box is in the warehouse list (WAITING),
 * next month's round is open and not charged yet. ソラ: a box shipped (COMPLETEMAIL), and the
 * open round charged at checkout (SUCCESS). Every box carries the address `shipTo`.
 */
export interface DeliveryBoxes {
  preparingShip: Date;
  openShip: Date;
  shippedShip: Date;
  chargedShip: Date;
}

export interface ShipToRow {
  zip: string;
  address: string;
  address2: string;
  name: string;
  tel: string;
}

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
let serial = 0;

async function planOf(db: Kysely<DB>, slug: string, name: string): Promise<number> {
  const artist = await db.insertInto('artists').values({ slug, name, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  return (await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function roundOf(db: Kysely<DB>, planId: number, days: [start: number, end: number], ship: Date): Promise<number> {
  return (await db.insertInto('plan_orders').values({ plan_id: planId, name: 'お届け分', price: 3300, pre_tax_price: 3000, start_date: at(days[0]), end_date: at(days[1]), ship_date: ship })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function subscriptionOf(db: Kysely<DB>, userId: number, planId: number): Promise<number> {
  return (await db.insertInto('user_plans').values({ user_id: userId, plan_id: planId, status: 'ACTIVE', created_at: at(-70), updated_at: at(-70) })
    .returning('id').executeTakeFirstOrThrow()).id;
}

type Ids = { userId: number; userPlanId: number; planId: number; roundId: number };

async function boxOf(db: Kysely<DB>, ids: Ids, status: string, to: ShipToRow): Promise<void> {
  serial += 1;
  await db.insertInto('plan_order_histories').values({
    user_id: ids.userId, user_plan_id: ids.userPlanId, plan_id: ids.planId, plan_order_id: ids.roundId, payment_method: 'CARD', payment_status: status,
    count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
    ship_zip: to.zip, ship_address: to.address, ship_address2: to.address2, ship_dest_name: to.name, ship_tel: to.tel,
    charge_key: `delivery-boxes-${serial}-${Date.now()}`, created_at: at(-20), updated_at: at(-20),
  }).execute();
}

export async function seedDeliveryBoxes(db: Kysely<DB>, userId: number, shipTo: ShipToRow, slug: string): Promise<DeliveryBoxes> {
  const dates = { preparingShip: at(3), openShip: at(40), shippedShip: at(-1), chargedShip: at(33) };
  const mirai = await planOf(db, `${slug}-mirai`, 'ミライ');
  const preparing = await roundOf(db, mirai, [-40, -10], dates.preparingShip);
  await roundOf(db, mirai, [-10, 20], dates.openShip);
  await boxOf(db, { userId, userPlanId: await subscriptionOf(db, userId, mirai), planId: mirai, roundId: preparing }, 'WAITING', shipTo);
  const sora = await planOf(db, `${slug}-sora`, 'ソラ');
  const shipped = await roundOf(db, sora, [-60, -30], dates.shippedShip);
  const charged = await roundOf(db, sora, [-10, 18], dates.chargedShip);
  const soraPlan = await subscriptionOf(db, userId, sora);
  await boxOf(db, { userId, userPlanId: soraPlan, planId: sora, roundId: shipped }, 'COMPLETEMAIL', shipTo);
  await boxOf(db, { userId, userPlanId: soraPlan, planId: sora, roundId: charged }, 'SUCCESS', shipTo);
  return dates;
}
