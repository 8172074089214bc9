import { sql, type Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';

/**
 * `n` shoppers with a sandbox card and an ACTIVE subscription to `planId`, created at
 * `createdAt`, in a few set-based statements: the billing crash test and the billing benchmark
 * start from here. Every `declineEvery`-th card declines charges (0: none).
 */
export async function seedBulkSubscriptions(
  db: Kysely<DB>,
  options: { planId: number; n: number; createdAt: Date; tag: string; declineEvery?: number },
): Promise<void> {
  const { planId, n, createdAt, tag } = options;
  const declineEvery = options.declineEvery ?? 0;
  const pattern = `${tag}-%@bulk.example`;
  await sql`insert into users (email, password_hash, name, zip, address, address2, tel, payment_method, created_at)
    select ${tag} || '-' || g || '@bulk.example', 'not-a-hash', '推野 花子', '1500002', '東京都渋谷区渋谷', '2-24-12', '0312345678', 'CARD', ${createdAt}
    from generate_series(1, ${n}) g`.execute(db);
  await sql`insert into sandbox_cards (token, brand, last4, expiry, declines_charges, created_at)
    select 'tok_' || ${tag} || '_' || id, 'Visa', '4242', '12/30', ${declineEvery} > 0 and id % greatest(${declineEvery}, 1) = 0, ${createdAt}
    from users where email like ${pattern}`.execute(db);
  await sql`insert into user_cards (user_id, token, brand, last4, expiry, updated_at)
    select id, 'tok_' || ${tag} || '_' || id, 'Visa', '4242', '12/30', ${createdAt} from users where email like ${pattern}`.execute(db);
  await sql`insert into user_plans (user_id, plan_id, count, status, created_at, updated_at)
    select id, ${planId}, 1, 'ACTIVE', ${createdAt}, ${createdAt} from users where email like ${pattern}`.execute(db);
}
