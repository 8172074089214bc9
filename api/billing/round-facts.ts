import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** What charging a round and mailing about it need, read for a whole batch in one query. */
export interface RoundFacts {
  id: number;
  user_id: number;
  email: string;
  lang: string;
  user_method: string;
  name: string;
  tel: string;
  birthday: string;
  zip: string;
  address: string;
  address2: string;
  card_token: string | null;
  /** The gateway the card was saved at: another one's card cannot be charged (shared/card-gateway.ts). */
  card_provider: string | null;
  artist_name: string;
  plan_name: string;
  count: number;
  price: number;
  ship_fee: number;
  fee: number;
  total: number;
  period: number;
  payment_method: string;
  end_date: Date;
  ship_date: Date;
  ship_number: string;
  carrier: string;
  next_attempt_at: Date | null;
}

export async function loadRoundFacts(db: Db, historyIds: number[]): Promise<Map<number, RoundFacts>> {
  if (historyIds.length === 0) return new Map();
  const rows = await db.selectFrom('plan_order_histories as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .leftJoin('user_cards as c', 'c.user_id', 'h.user_id')
    .select([
      'h.id', 'h.user_id', 'u.email', 'u.lang', 'u.payment_method as user_method', 'u.name', 'u.tel', 'u.zip', 'u.address', 'u.address2',
      sql<string>`coalesce(to_char(u.birthday, 'YYYY-MM-DD'), '')`.as('birthday'),
      'c.token as card_token', 'c.provider as card_provider', 'a.name as artist_name', 'p.name as plan_name', 'p.period', 'h.count', 'h.price', 'h.ship_fee', 'h.fee', 'h.total', 'h.payment_method',
      'po.end_date', 'po.ship_date', 'h.ship_number', 'h.carrier', 'h.next_attempt_at',
    ])
    .where('h.id', 'in', historyIds).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
