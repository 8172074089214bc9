import pg from 'pg';
import { sleep } from './ports.ts';

/**
 * What the soak reads about the billing run straight from PostgreSQL. A trigger of the soak's own
 * (on its private cluster only) records which copy settled each billing row, by the connection's
 * application_name (each API copy's DATABASE_URL names it): the shop records no such thing.
 */
const TRIGGER = `
create table if not exists soak_settled (history_id integer, copy text, status text, at timestamptz default clock_timestamp());
create or replace function soak_record_settled() returns trigger language plpgsql as $$
begin
  insert into soak_settled (history_id, copy, status) values (new.id, current_setting('application_name'), new.payment_status);
  return new;
end $$;
drop trigger if exists soak_settled on plan_order_histories;
create trigger soak_settled after update of payment_status on plan_order_histories
  for each row when (old.payment_status = 'BEFORE' and new.payment_status <> 'BEFORE' and new.origin = 'billing')
  execute function soak_record_settled();`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, statement_timeout: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function installSettledTrigger(url: string): Promise<void> {
  await withClient(url, (c) => c.query(TRIGGER));
}

/**
 * `inFlight`: checkouts and plan changes still BEFORE, anywhere. One whose API copy died waits for a
 * billing pass past the provider's grace (20 s with the sandbox, decision 0084), so the wait
 * includes them rather than racing the last pass.
 */
export interface BillingState { reserved: number; due: number; success: number; error: number; mailsPending: number; inFlight: number }

export async function billingState(url: string, roundId: number): Promise<BillingState> {
  return withClient(url, async (c) => {
    const rows = await c.query<{ status: string; n: string }>(
      `select payment_status as status, count(*) as n from plan_order_histories where origin = 'billing' and plan_order_id = $1 group by 1`, [roundId]);
    const mails = await c.query<{ n: string }>(`select count(*) as n from billing_mails where status = 'pending'`);
    const inFlight = await c.query<{ n: string }>(`select count(*) as n from plan_order_histories where origin = 'checkout' and payment_status = 'BEFORE'`);
    const by = new Map(rows.rows.map((r) => [r.status, Number(r.n)]));
    const reserved = [...by.values()].reduce((a, b) => a + b, 0);
    return { reserved, due: by.get('BEFORE') ?? 0, success: by.get('SUCCESS') ?? 0, error: by.get('ERROR') ?? 0, mailsPending: Number(mails.rows[0]?.n ?? 0), inFlight: Number(inFlight.rows[0]?.n ?? 0) };
  });
}

const settled = (state: BillingState): boolean => state.reserved > 0 && state.due === 0 && state.mailsPending === 0 && state.inFlight === 0;

/** Until the round is reserved, no row is still due or in flight and the mail outbox is empty, or `limitMs` passes. */
export async function waitBillingDone(url: string, roundId: number, limitMs: number): Promise<{ done: boolean; state: BillingState; waitedMs: number }> {
  const started = Date.now();
  let state = await billingState(url, roundId);
  while (!settled(state) && Date.now() - started < limitMs) {
    await sleep(1000);
    state = await billingState(url, roundId).catch(() => state);
  }
  return { done: settled(state), state, waitedMs: Date.now() - started };
}

export interface SettledFacts { byCopy: Record<string, number>; first: number; last: number; maxClaims: number }

export async function settledFacts(url: string, roundId: number): Promise<SettledFacts> {
  return withClient(url, async (c) => {
    const per = await c.query<{ copy: string; n: string }>(
      `select s.copy, count(*) as n from soak_settled s join plan_order_histories h on h.id = s.history_id
       where h.plan_order_id = $1 group by 1 order by 1`, [roundId]);
    const span = await c.query<{ first: Date | null; last: Date | null; claims: number | null }>(
      `select min(s.at) as first, max(s.at) as last, (select max(claims) from plan_order_histories where origin = 'billing' and plan_order_id = $1) as claims
       from soak_settled s join plan_order_histories h on h.id = s.history_id where h.plan_order_id = $1`, [roundId]);
    const row = span.rows[0];
    return {
      byCopy: Object.fromEntries(per.rows.map((r) => [r.copy || '(unnamed)', Number(r.n)])),
      first: row?.first?.getTime() ?? 0,
      last: row?.last?.getTime() ?? 0,
      maxClaims: Number(row?.claims ?? 0),
    };
  });
}
