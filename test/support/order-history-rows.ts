import type { Insertable, Kysely } from 'kysely';
import type { DB, PlanOrderHistoriesTable } from '../../api/db/schema.ts';

/**
 * Order history rows in the states the history and receipt tests need, inserted directly (the
 * billing run and the shipments import that move them are another issue's). Plain data, stable
 * names: one artist 「星野ミライ（履歴）」 with a light tier and two rounds.
 */
export interface HistoryShop {
  artistName: string;
  planName: string;
  planId: number;
  /** Ships 2026-12-25 (「12月号」) and 2027-01-25 (「1月号」). */
  decemberRound: number;
  januaryRound: number;
}

const DAY = 86_400_000;

export async function seedHistoryShop(db: Kysely<DB>, slug: string, base = new Date('2026-11-01T00:00:00Z')): Promise<HistoryShop> {
  const artistName = `星野ミライ ${slug}`;
  const artist = await db.insertInto('artists').values({ slug, name: artistName, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 })
    .returning('id').executeTakeFirstOrThrow();
  const round = async (name: string, end: string, ship: string) => (await db.insertInto('plan_orders').values({
    plan_id: plan.id, name, price: 3300, pre_tax_price: 3000, start_date: new Date(base.getTime() - 30 * DAY), end_date: new Date(end), ship_date: new Date(ship),
  }).returning('id').executeTakeFirstOrThrow()).id;
  return {
    artistName, planName: 'ライトプラン', planId: plan.id,
    decemberRound: await round('2026年12月お届け分', '2026-11-30T15:00:00.000Z', '2026-12-25T01:00:00.000Z'),
    januaryRound: await round('2027年1月お届け分', '2026-12-31T15:00:00.000Z', '2027-01-25T01:00:00.000Z'),
  };
}

let serial = 0;

/**
 * A subscription of the user to the shop's tier (the rows hang off it). One round holds one live
 * charge per subscription, so tests with several live orders of a round make ended ones too.
 */
export async function insertSubscription(db: Kysely<DB>, userId: number, shop: HistoryShop, at: Date, status = 'ACTIVE'): Promise<number> {
  return (await db.insertInto('user_plans').values({ user_id: userId, plan_id: shop.planId, count: 1, status, created_at: at, updated_at: at })
    .returning('id').executeTakeFirstOrThrow()).id;
}

export type HistoryOverrides = Partial<Omit<Insertable<PlanOrderHistoriesTable>, 'user_id' | 'user_plan_id' | 'plan_id'>>;

/** One order: a paid card order of the December round (count 1) unless overridden. */
export async function insertHistory(
  db: Kysely<DB>,
  ids: { userId: number; userPlanId: number; shop: HistoryShop },
  overrides: HistoryOverrides = {},
): Promise<number> {
  serial += 1;
  const at = new Date(overrides.created_at ?? '2026-11-20T01:00:00.000Z');
  const deferred = overrides.payment_method === 'GMOAB';
  const row: Insertable<PlanOrderHistoriesTable> = {
    user_id: ids.userId, user_plan_id: ids.userPlanId, plan_id: ids.shop.planId, plan_order_id: ids.shop.decemberRound,
    payment_method: 'CARD', payment_status: 'SUCCESS', count: 1,
    price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600,
    fee: deferred ? 330 : 0, pre_tax_fee: deferred ? 300 : 0, total: deferred ? 4290 : 3960,
    ship_src_name: 'OshiBox', ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12',
    ship_dest_name: '推野 花子', ship_tel: '0312345678',
    charge_key: `test-history-${serial}-${Math.random().toString(36).slice(2, 10)}`,
    paid_at: new Date(at.getTime() + 5000), created_at: at, updated_at: at,
    ...overrides,
  };
  return (await db.insertInto('plan_order_histories').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
