import type { Order, OrderDetail, OrderGoods, PastBox, Plan, PlanDetail } from '../../shared/api/types.ts';
import { contentsArePublic, publicContentsShippedBy } from '../../shared/spoilers.ts';
import type { DisplayType } from '../../shared/artist-types.ts';
import { toArtist } from '../artist/artist.mapper.ts';
import { findArtistById } from '../artist/artist.repository.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { toPlanContents } from './plan-contents.ts';
import * as repo from './plan.repository.ts';

const PLAN = { ja: 'プラン', en: 'Plan' };
const ROUND = { ja: '受付回', en: 'Order round' };
const RECENT_ROUNDS = 12;
/** Past boxes shown on an artist page: enough to show the variety, few enough for one screen-scroll. */
const PAST_BOXES = 6;

export function toOrder(row: repo.OrderRow, now: Date): Order {
  return {
    id: row.id,
    planId: row.plan_id,
    name: row.name,
    price: row.price,
    preTaxPrice: row.pre_tax_price,
    endDate: row.end_date.toISOString(),
    shipDate: row.ship_date.toISOString(),
    isOpen: row.start_date <= now && now < row.end_date,
  };
}

function toPlan(row: repo.PlanRow, currentOrder: Order | null, nextOrder: Order | null): Plan {
  return {
    id: row.id,
    artistId: row.artist_id,
    name: row.name,
    attention: row.attention,
    period: row.period,
    // The price a fan pays on joining now is the open round's own: a price change made in the
    // console applies from a later round (docs/decisions/0036-price-change-from-a-round.md).
    price: currentOrder?.price ?? row.price,
    preTaxPrice: currentOrder?.preTaxPrice ?? row.pre_tax_price,
    sort: row.sort,
    displayType: row.display_type as DisplayType,
    currentOrder,
    nextOrder,
    nameEn: row.name_en || null,
    attentionEn: row.attention_en || null,
    contents: toPlanContents(row.contents),
  };
}

export function toGoods(row: repo.GoodsRow): OrderGoods {
  return { id: row.id, name: row.name, description: row.description, image: row.image };
}

/**
 * The round open now (the earliest deadline among those open) and the round after it: the first
 * whose deadline comes later, which charges a subscription made now at its deadline (the open
 * round is charged at checkout).
 */
function currentAndNext(coming: readonly repo.OrderRow[], now: Date): [Order | null, Order | null] {
  const open = coming.find((o) => o.start_date <= now);
  const after = coming.find((o) => o !== open && (!open || o.end_date > open.end_date));
  return [open ? toOrder(open, now) : null, after ? toOrder(after, now) : null];
}

async function withCurrentOrders(db: Db, rows: repo.PlanRow[], now: Date): Promise<Plan[]> {
  const coming = await repo.findComingOrders(db, rows.map((r) => r.id), now);
  return rows.map((row) => toPlan(row, ...currentAndNext(coming.filter((o) => o.plan_id === row.id), now)));
}

/** Plans of several artists, each with the round now open, grouped by artist id. */
export async function listPlansOfArtists(db: Db, artistIds: number[], scope: repo.PlanScope, now: Date): Promise<Map<number, Plan[]>> {
  const plans = await withCurrentOrders(db, await repo.findPlansOfArtists(db, artistIds, scope, now), now);
  const grouped = new Map<number, Plan[]>(artistIds.map((id) => [id, []]));
  for (const plan of plans) grouped.get(plan.artistId)?.push(plan);
  return grouped;
}

/** Every plan of the artists of these plans, each with the round now open, ordered by sort. */
export async function listPlansOfArtistsOfPlans(db: Db, planIds: number[], now: Date): Promise<Plan[]> {
  return withCurrentOrders(db, await repo.findPlansOfArtistsOfPlans(db, planIds, now), now);
}

/**
 * A plan with its artist and latest rounds. `scope: 'public'` (the shop, checkout, the tier a fan
 * changes to): a plan or artist not public at `now` is not found, like a missing one, so a draft
 * can be neither seen nor bought. `'any'`: a plan a fan already has.
 */
export async function getPlan(db: Db, planId: number, now: Date, scope: 'public' | 'any'): Promise<PlanDetail> {
  const row = await repo.findPlanById(db, planId, scope, now);
  if (!row) throw new NotFoundError(PLAN);
  const [[plan], artist, orders] = await Promise.all([
    withCurrentOrders(db, [row], now),
    findArtistById(db, row.artist_id, now, scope),
    repo.findOrdersOfPlan(db, planId, RECENT_ROUNDS),
  ]);
  if (!plan || !artist) throw new NotFoundError(PLAN);
  return { ...plan, artist: toArtist(artist), orders: orders.map((o) => toOrder(o, now)) };
}

/** A round and its goods; the goods stay hidden until its delivery window closes (shared/spoilers.ts). */
export async function getOrder(db: Db, orderId: number, now: Date): Promise<OrderDetail> {
  const row = await repo.findOrderById(db, orderId);
  if (!row) throw new NotFoundError(ROUND);
  const plan = await getPlan(db, row.plan_id, now, 'public');
  const goods = contentsArePublic(row.ship_date, now) ? (await repo.findGoodsOfOrder(db, orderId)).map(toGoods) : null;
  const { artist, orders: _orders, ...planOnly } = plan;
  return { ...toOrder(row, now), plan: planOnly, artist, goods };
}

/** The artist's rounds whose contents are public (shared/spoilers.ts), with their goods: two queries whatever the number of rounds. */
export async function listPastBoxes(db: Db, artistId: number, scope: repo.PlanScope, now: Date): Promise<PastBox[]> {
  const rounds = await repo.findShippedOrdersOfArtist(db, artistId, scope, now, publicContentsShippedBy(now), PAST_BOXES);
  const goods = await repo.findGoodsOfOrders(db, rounds.map((r) => r.id));
  return rounds.map((round) => ({
    id: round.id,
    planId: round.plan_id,
    planName: round.plan_name,
    planNameEn: round.plan_name_en || null,
    name: round.name,
    shipDate: round.ship_date.toISOString(),
    goods: goods.filter((g) => g.plan_order_id === round.id).map(toGoods),
  }));
}
