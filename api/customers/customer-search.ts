import type { CustomerHit, CustomerSearchPage } from '../../shared/api/customers.ts';
import { CUSTOMER_PAGE_SIZE } from '../../shared/customer-rules.ts';
import type { Db } from '../db/schema.ts';
import { sql } from 'kysely';
import { toKatakana } from '../../shared/kana.ts';

/**
 * The one search box of the customers area (docs/decisions/0033-customer-search.md, 0075). What was
 * typed decides the columns, and any part of them matches (`like '%…%'` on pg_trgm's GIN indexes of
 * migration 0019; the same extension on PGlite):
 * - digits (hyphens, spaces, brackets and a leading `#` dropped): any part of the phone, and an
 *   order number (the round's charge id) exactly, when short enough to be one;
 * - with an `@`: any part of the e-mail;
 * - anything else: any part of the name (spaces ignored on both sides, so 「推野花子」 finds
 *   「推野 花子」), of the フリガナ (typed in hiragana or katakana) or of the e-mail.
 */
const ORDER_NUMBER_MAX_DIGITS = 9;

type Kind = { column: 'email' | 'nameOrEmail'; part: string } | { column: 'digits'; digits: string };

export function classifyQuery(q: string): Kind {
  const digits = q.replace(/^#/, '').replace(/[\s\-‐－ー()（）]/g, '');
  if (/^\d+$/.test(digits)) return { column: 'digits', digits };
  return { column: q.includes('@') ? 'email' : 'nameOrEmail', part: q.toLowerCase() };
}

/** `%`, `_` and `\` typed in the box are matched as themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => `%${escapeLike(value)}%`;
/** Half- and full-width spaces: a name is matched without them (the index is on the same expression). */
const SPACES = ' \u3000';

export async function searchCustomers(db: Db, q: string, page: number): Promise<CustomerSearchPage> {
  const kind = classifyQuery(q);
  let query = db.selectFrom('users').select(['id', 'email', 'name', 'name_kana', 'tel', 'created_at', 'deleted_at']);
  if (kind.column === 'digits') {
    const orderId = kind.digits.length <= ORDER_NUMBER_MAX_DIGITS ? Number(kind.digits) : 0;
    query = query.where((eb) => eb.or([
      eb('tel', 'like', contains(kind.digits)),
      eb('id', 'in', eb.selectFrom('plan_order_histories').select('user_id').where('id', '=', orderId)),
    ]));
  } else if (kind.column === 'email') {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), 'like', contains(kind.part)));
  } else {
    const name = contains(kind.part.replace(/[\s\u3000]+/g, ''));
    // フリガナ is stored in katakana: ひらがな or ﾊﾝｶｸ typed in the box finds it too.
    const kana = contains(toKatakana(kind.part).replace(/\u3000/g, ''));
    query = query.where((eb) => eb.or([
      eb(sql`lower(translate(name, ${sql.lit(SPACES)}, ''))`, 'like', name),
      eb(sql`translate(name_kana, ${sql.lit(SPACES)}, '')`, 'like', kana),
      eb(eb.fn('lower', ['email']), 'like', contains(kind.part)),
    ]));
  }
  const rows = await query.orderBy('id').limit(CUSTOMER_PAGE_SIZE + 1).offset((page - 1) * CUSTOMER_PAGE_SIZE).execute();
  const hits: CustomerHit[] = rows.slice(0, CUSTOMER_PAGE_SIZE).map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    nameKana: row.name_kana,
    tel: row.tel,
    createdAt: row.created_at.toISOString(),
    deleted: row.deleted_at !== null,
  }));
  return { hits, page, more: rows.length > CUSTOMER_PAGE_SIZE };
}
