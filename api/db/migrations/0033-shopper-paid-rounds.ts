/**
 * Issue 34, rounds paid by the shopper (docs/decisions/0091-shopper-paid-rounds.md, 0093):
 * - KONBINI and PAYPAY join the payment methods of a user, of her history, and of an order row.
 * - `shopper_round_requests`: one per subscription and round of a fan who pays each round herself:
 *   the amount asked (priced when the request went out, as the mail and my page say it), the
 *   current payment at the provider (one order key makes one payment; an expired voucher is
 *   followed by attempt + 1), and where it stands: requested → paid (its order row reserved like a
 *   charged round) or lapsed (the deadline passed unpaid: not sent, nothing charged) or canceled.
 * - `shopper_refund_transfers`: money a konbini payment brought that the shop must return by bank
 *   transfer (a konbini payment cannot be refunded through the provider): support's work list.
 * - Billing mails of the requests, reminders, lapses, vouchers, the acceptance notice (承諾通知)
 *   and the bank-transfer notice.
 */
export const name = 'shopper-paid-rounds';

export const up = `
alter table users drop constraint users_payment_method_check;
alter table users add constraint users_payment_method_check check (payment_method in ('NONE','CARD','GMOAB','KONBINI','PAYPAY'));
alter table payment_method_histories drop constraint payment_method_histories_payment_method_check;
alter table payment_method_histories add constraint payment_method_histories_payment_method_check check (payment_method in ('NONE','CARD','GMOAB','KONBINI','PAYPAY'));
alter table plan_order_histories drop constraint plan_order_histories_payment_method_check;
alter table plan_order_histories add constraint plan_order_histories_payment_method_check check (payment_method in ('CARD','GMOAB','KONBINI','PAYPAY'));

create table shopper_round_requests (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  user_plan_id integer not null references user_plans (id) on delete cascade,
  plan_order_id integer not null references plan_orders (id),
  method text not null check (method in ('konbini', 'paypay')),
  count integer not null check (count between 1 and 5),
  price integer not null check (price >= 0),
  pre_tax_price integer not null check (pre_tax_price >= 0),
  ship_fee integer not null check (ship_fee >= 0),
  pre_tax_ship_fee integer not null check (pre_tax_ship_fee >= 0),
  total integer not null check (total > 0),
  parcel_key text check (char_length(parcel_key) <= 64),
  pay_by timestamptz not null,
  status text not null default 'requested' check (status in ('requested', 'paid', 'lapsed', 'canceled')),
  attempt integer not null default 1 check (attempt between 1 and 100),
  order_key text check (char_length(order_key) <= 200),
  payment_id text check (char_length(payment_id) <= 255),
  requested_at timestamptz not null,
  reminded_at timestamptz,
  paid_at timestamptz,
  lapsed_at timestamptz,
  history_id integer references plan_order_histories (id),
  unique (user_plan_id, plan_order_id)
);
create index shopper_round_requests_open on shopper_round_requests (pay_by) where status = 'requested';
create index shopper_round_requests_user on shopper_round_requests (user_id, requested_at desc);
create unique index shopper_round_requests_order_key on shopper_round_requests (order_key) where order_key is not null;

create table shopper_refund_transfers (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  history_id integer references plan_order_histories (id),
  request_id integer references shopper_round_requests (id),
  payment_id text not null check (char_length(payment_id) <= 255),
  amount integer not null check (amount > 0),
  reason text not null check (char_length(reason) <= 500),
  status text not null default 'to_transfer' check (status in ('to_transfer', 'transferred')),
  created_at timestamptz not null,
  transferred_at timestamptz,
  transferred_by integer,
  unique (payment_id, reason)
);
create index shopper_refund_transfers_open on shopper_refund_transfers (created_at) where status = 'to_transfer';

alter table billing_mails drop constraint billing_mails_kind_check;
alter table billing_mails add constraint billing_mails_kind_check check (kind in (
  'reminder','charged','failed','shipped','price','bonus',
  'shopper_request','shopper_reminder','shopper_lapsed','shopper_voucher','shopper_accepted','refund_transfer'));
`;
