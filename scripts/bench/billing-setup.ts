import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { openDatabase, queryOnce, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import type { DB } from '../../api/db/schema.ts';

/** The plan's 3300 yen plus 660 yen shipping (shared/money.ts): what every charge must come to. */
export const EXPECTED_CHARGE = 3960;

export interface ScratchDatabase {
  handle: DatabaseHandle;
  label: string;
  /** The scratch database's connection string (PostgreSQL only), for processes of their own. */
  url: string | null;
  /**
   * Transactions the server counted in this database (PostgreSQL only). A backend reports its
   * counts at intervals and when it exits: call after `close()` for the full figure.
   */
  transactions(): Promise<number | null>;
  /** Closes the pool (idempotent); `drop()` closes it too. */
  close(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A migrated throwaway database: in-memory PGlite, or a PostgreSQL database created beside
 * `adminUrl` and dropped by `drop()` (its pool fully closed first, as test/support/database.ts does).
 */
export async function createScratchDatabase(adminUrl: string | null, poolSize: number): Promise<ScratchDatabase> {
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrate(handle.db);
    const close = once(() => handle.close());
    return { handle, label: 'PGlite (in memory)', url: null, transactions: async () => null, close, drop: close };
  }
  const name = `oshibox_bench_billing_${randomBytes(5).toString('hex')}`;
  await queryOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  const close = once(async () => handle?.close());
  const drop = async () => {
    await close();
    await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize });
    await migrate(handle.db);
  } catch (error) {
    await drop();
    throw error;
  }
  const transactions = async () => {
    // The pool's sockets are closed; wait (briefly) for their backends to exit and report.
    for (let i = 0; i < 50; i++) {
      const [busy] = await queryOnce(adminUrl, `select count(*) as n from pg_stat_activity where datname = '${name}'`);
      if (Number(busy?.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await queryOnce(adminUrl, `select xact_commit + xact_rollback as n from pg_stat_database where datname = '${name}'`);
    return rows[0] ? Number(rows[0].n) : null;
  };
  return { handle, label: `PostgreSQL ${url.host}/${name}`, url: url.toString(), transactions, close, drop };
}

function once(work: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= work());
}

/** One artist and plan (3300 yen) with a round whose deadline passed a minute before `now`. */
export async function insertDueRound(db: Kysely<DB>, now: Date): Promise<{ planId: number; roundId: number; deadline: Date }> {
  const day = 86_400_000;
  const deadline = new Date(now.getTime() - 60_000);
  const artist = await db.insertInto('artists').values({
    slug: 'bench-billing', name: 'ベンチ・アーティスト', type: 'OTHER', attribute: JSON.stringify({ links: [] }),
  }).returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: 'ベンチプラン', price: 3300, pre_tax_price: 3000 })
    .returning('id').executeTakeFirstOrThrow();
  // Shipping a month away: "preparing shipment" (a week before) does not move the rows on.
  const round = await db.insertInto('plan_orders').values({
    plan_id: plan.id, name: 'ベンチ回', price: 3300, pre_tax_price: 3000,
    start_date: new Date(deadline.getTime() - 30 * day), end_date: deadline, ship_date: new Date(deadline.getTime() + 30 * day),
  }).returning('id').executeTakeFirstOrThrow();
  return { planId: plan.id, roundId: round.id, deadline };
}

export interface Verification {
  ok: boolean;
  problems: string[];
  facts: { success: number; otherRows: number; charges: number; orderKeys: number; notSucceeded: number; rowsWithoutCharge: number; amount: number; mailsQueued: number; mailsSent: number };
}

/** What a correct run leaves: every row SUCCESS, one charge per order key, the amounts, one mail each. */
export async function verifyBilling(db: Kysely<DB>, roundId: number, n: number, mailsInOutbox: number): Promise<Verification> {
  const rows = await sql<{ success: number; other: number; without_charge: number }>`
    select count(*) filter (where h.payment_status = 'SUCCESS') as success, count(*) filter (where h.payment_status <> 'SUCCESS') as other,
      count(*) filter (where not exists (select 1 from sandbox_charges c where c.order_key = h.charge_key)) as without_charge
    from plan_order_histories h where h.plan_order_id = ${roundId} and h.origin = 'billing'`.execute(db);
  const charges = await sql<{ charges: number; keys: number; failed: number; amount: number | null }>`
    select count(*) as charges, count(distinct order_key) as keys, count(*) filter (where status <> 'succeeded') as failed, sum(amount) as amount
    from sandbox_charges`.execute(db);
  const mails = await sql<{ queued: number; sent: number }>`
    select count(*) as queued, count(*) filter (where status = 'sent') as sent from billing_mails where kind = 'charged'`.execute(db);
  const r = rows.rows[0]!;
  const c = charges.rows[0]!;
  const m = mails.rows[0]!;
  const facts = {
    success: Number(r.success), otherRows: Number(r.other), charges: Number(c.charges), orderKeys: Number(c.keys), notSucceeded: Number(c.failed),
    rowsWithoutCharge: Number(r.without_charge), amount: Number(c.amount ?? 0), mailsQueued: Number(m.queued), mailsSent: Number(m.sent),
  };
  const expect: [string, number, number][] = [
    ['rows SUCCESS', facts.success, n], ['rows in another status', facts.otherRows, 0], ['sandbox charges', facts.charges, n],
    ['distinct order keys charged', facts.orderKeys, n], ['charges not succeeded', facts.notSucceeded, 0], ['rows with no charge', facts.rowsWithoutCharge, 0],
    ['sum of amounts', facts.amount, n * EXPECTED_CHARGE], ['mails queued', facts.mailsQueued, n],
    ['mails marked sent', facts.mailsSent, n], ['mails in the outbox', mailsInOutbox, n],
  ];
  const problems = expect.filter(([, got, want]) => got !== want).map(([what, got, want]) => `${what}: ${got}, expected ${want}`);
  return { ok: problems.length === 0, problems, facts };
}
