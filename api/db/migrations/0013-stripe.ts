/**
 * Issue 20, the Stripe gateway (docs/decisions/0038-stripe-gateway.md):
 * - `user_cards.provider`: which gateway holds the card; a card of another gateway cannot be
 *   charged and the shopper is asked to register again (cards never move between gateways).
 * - `stripe_customers`: the Stripe Customer made once per shopper.
 * - `stripe_events`: each webhook event once, by Stripe's id (a replay is a no-op).
 * - On a round's charge: when the bank asked for authentication (3-D Secure) of the current
 *   attempt, and a card dispute's id and Stripe status (staff see it in the console).
 */
export const name = 'stripe';

export const up = `
alter table user_cards add column provider text not null default 'sandbox';

create table stripe_customers (
  user_id integer primary key references users (id),
  customer_id text not null unique,
  created_at timestamptz not null
);

create table stripe_events (
  id text primary key,
  type text not null,
  object_id text,
  received_at timestamptz not null,
  applied_at timestamptz
);

alter table plan_order_histories add column action_required_at timestamptz;
alter table plan_order_histories add column dispute_id text;
alter table plan_order_histories add column dispute_status text;
create index plan_order_histories_charge_id on plan_order_histories (charge_id) where charge_id is not null;
create index plan_order_histories_disputed on plan_order_histories (updated_at) where dispute_id is not null;
`;
