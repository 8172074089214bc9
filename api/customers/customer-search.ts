import type { CustomerHit, CustomerSearchPage } from '../../shared/api/customers.ts';
import { CUSTOMER_PAGE_SIZE } from '../../shared/customer-rules.ts';
import type { Db } from '../db/schema.ts';

/**
 * The one search box of the customers area (docs/decisions/0033-customer-search.md). What was
 * typed decides the column, so every query walks an index of migration 0010 and reads at most a
 * page and one row:
 * - with an `@`: the e-mail by prefix (`lower(email) text_pattern_ops`);
 * - digits (hyphens, spaces and a leading `#` dropped): the phone exactly, and an order number
 *   (the round's charge id) when short enough to be one;
 * - anything else: the name or the e-mail by prefix (`lower(name)`, `lower(email)` text_pattern_ops).
 */
const ORDER_NUMBER_MAX_DIGITS = 9;

type Kind = { column: 'email' | 'nameOrEmail'; prefix: string } | { column: 'digits'; digits: string };

export function classifyQuery(q: string): Kind {
  const digits = q.replace(/^#/, '').replace(/[\s\-‐－ー()（）]/g, '');
  if (/^\d+$/.test(digits)) return { column: 'digits', digits };
  return { column: q.includes('@') ? 'email' : 'nameOrEmail', prefix: q.toLowerCase() };
}

/** `%`, `_` and `\` typed in the box are matched as themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchCustomers(db: Db, q: string, page: number): Promise<CustomerSearchPage> {
  const kind = classifyQuery(q);
  let query = db.selectFrom('users').select(['id', 'email', 'name', 'tel', 'created_at', 'deleted_at']);
  if (kind.column === 'digits') {
    const orderId = kind.digits.length <= ORDER_NUMBER_MAX_DIGITS ? Number(kind.digits) : 0;
    query = query.where((eb) => eb.or([
      eb('tel', '=', kind.digits),
      eb('id', 'in', eb.selectFrom('plan_order_histories').select('user_id').where('id', '=', orderId)),
    ]));
  } else {
    const pattern = `${escapeLike(kind.prefix)}%`;
    query = kind.column === 'email'
      ? query.where((eb) => eb(eb.fn('lower', ['email']), 'like', pattern))
      : query.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', pattern), eb(eb.fn('lower', ['email']), 'like', pattern)]));
  }
  const rows = await query.orderBy('id').limit(CUSTOMER_PAGE_SIZE + 1).offset((page - 1) * CUSTOMER_PAGE_SIZE).execute();
  const hits: CustomerHit[] = rows.slice(0, CUSTOMER_PAGE_SIZE).map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    tel: row.tel,
    createdAt: row.created_at.toISOString(),
    deleted: row.deleted_at !== null,
  }));
  return { hits, page, more: rows.length > CUSTOMER_PAGE_SIZE };
}
