import { sql, type Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * Orders for the order list's tests (issue 32): rounds of named artists, and charges with a chosen
 * status, method and order time; `addManyOrders` writes n in one statement, some sharing a time
 * so the keyset's tie on id is exercised.
 */
export interface OrderSeed {
  status?: string;
  method?: string;
  at: Date;
}

export async function seedOrderRound(db: Kysely<DB>, slug: string, artistName: string, shipDate: Date): Promise<ExportRound> {
  return seedExportRound(db, slug, shipDate, artistName);
}

let serial = 0;

export async function addOrder(db: Kysely<DB>, round: ExportRound, seed: OrderSeed): Promise<number> {
  serial += 1;
  const userPlanId = (await db.insertInto('user_plans').values({ user_id: round.userId, plan_id: round.planId, count: 1, status: 'CANCELLED', created_at: seed.at, updated_at: seed.at })
    .returning('id').executeTakeFirstOrThrow()).id;
  return (await db.insertInto('plan_order_histories').values({
    user_id: round.userId, user_plan_id: userPlanId, plan_id: round.planId, plan_order_id: round.roundId, payment_method: seed.method ?? 'CARD',
    payment_status: seed.status ?? 'SUCCESS', count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960,
    ship_src_name: 'OshiBox', ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '', ship_dest_name: '推野 花子', ship_tel: '0312345678',
    charge_key: `order-list-${serial}-${seed.at.getTime()}`, created_at: seed.at, updated_at: seed.at,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** `n` charged orders of the round, a minute apart but in pairs sharing a time (ties broken by id). */
export async function addManyOrders(db: Kysely<DB>, round: ExportRound, n: number, newest: Date): Promise<void> {
  await sql`insert into user_plans (user_id, plan_id, count, status, created_at, updated_at)
    select ${round.userId}, ${round.planId}, 1, 'CANCELLED', ${newest}, ${newest} from generate_series(1, ${n})`.execute(db);
  await sql`insert into plan_order_histories (user_id, user_plan_id, plan_id, plan_order_id, payment_method, payment_status, count, price,
      pre_tax_price, ship_fee, pre_tax_ship_fee, total, ship_src_name, ship_zip, ship_address, ship_address2, ship_dest_name, ship_tel,
      charge_key, created_at, updated_at)
    select user_id, id, plan_id, ${round.roundId}, 'CARD', 'SUCCESS', 1, 3300, 3000, 660, 600, 3960, 'OshiBox', '1500002', '東京都', '', '推野 花子',
      '0312345678', 'many-orders-' || id, ${newest}::timestamptz - ((row_number() over (order by id)) / 2) * interval '1 minute', ${newest}
    from user_plans where plan_id = ${round.planId} and user_id = ${round.userId}
      and not exists (select 1 from plan_order_histories h where h.user_plan_id = user_plans.id)`.execute(db);
}
