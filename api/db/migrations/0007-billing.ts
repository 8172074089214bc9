/**
 * Issue 9: the monthly billing run, shipments, the order history's timeline and receipts.
 *
 * - A round charged by the billing run is a `plan_order_histories` row with origin 'billing'; at
 *   most one such row per (subscription, round), whatever its status, so a re-run (or two runs at
 *   once) never reserves a round twice. Retries of a declined charge reuse that row with a new
 *   attempt number, and so a new deterministic order key (`bill-<userPlan>-<round>-<attempt>`).
 * - A worker takes a row by a lease (`claimed_until`), not by a lock held across the provider
 *   call; a row claimed before and not finished is looked up at the provider before anything else.
 * - `billing_rounds` records the rounds whose reminders went out and whose deadline was processed.
 * - `billing_mails` is an outbox: a mail is stored rendered, with a unique key, in the same step
 *   as what it reports, then sent; a process that dies before sending leaves it pending for the
 *   next tick, and a key that exists is never mailed twice.
 */
export const name = 'billing';

export const up = `
alter table plan_order_histories
  add column origin text not null default 'checkout' check (origin in ('checkout','billing')),
  add column attempts integer not null default 1 check (attempts between 1 and 10),
  add column claims integer not null default 0,
  add column claimed_until timestamptz,
  add column next_attempt_at timestamptz,
  add column waiting_at timestamptz,
  add column shipped_at timestamptz,
  add column delivered_at timestamptz,
  add column carrier text not null default '',
  add column receipt_addressee text check (char_length(receipt_addressee) <= 100),
  add column receipt_issued_count integer not null default 0,
  add column receipt_first_issued_at timestamptz;
create unique index plan_order_histories_billing_once on plan_order_histories (user_plan_id, plan_order_id)
  where origin = 'billing';
create index plan_order_histories_billing_todo on plan_order_histories (plan_order_id, id)
  where origin = 'billing' and payment_status = 'BEFORE';
create index plan_order_histories_retry_due on plan_order_histories (next_attempt_at)
  where payment_status = 'ERROR' and next_attempt_at is not null;
create index user_plans_plan on user_plans (plan_id, status);

create table billing_rounds (
  plan_order_id integer primary key references plan_orders (id),
  -- The reminder pass three days before the deadline, and the reservation at the deadline.
  reminded_at timestamptz,
  reserved_at timestamptz,
  reserved_count integer not null default 0
);

create table billing_mails (
  key text primary key,
  user_id integer not null references users (id) on delete cascade,
  history_id integer references plan_order_histories (id) on delete cascade,
  kind text not null check (kind in ('reminder','charged','failed','shipped')),
  recipient text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  status text not null default 'pending' check (status in ('pending','sent','failed')),
  tries integer not null default 0,
  claimed_until timestamptz,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index billing_mails_pending on billing_mails (created_at) where status = 'pending';
create index billing_mails_user on billing_mails (user_id, created_at desc);
`;
