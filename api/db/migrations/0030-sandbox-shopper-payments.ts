/**
 * Issue 34, rounds paid by the shopper (docs/decisions/0091-shopper-paid-rounds.md): the sandbox
 * gateway keeps the konbini vouchers and PayPay payments it issued, as Stripe keeps its
 * PaymentIntents. One payment per order key; its id is the capability of its pages.
 */
export const name = 'sandbox-shopper-payments';

export const up = `
create table sandbox_shopper_payments (
  payment_id text primary key check (char_length(payment_id) <= 64),
  order_key text not null unique check (char_length(order_key) <= 200),
  user_id integer not null,
  method text not null check (method in ('konbini', 'paypay')),
  amount integer not null check (amount > 0),
  status text not null check (status in ('awaiting_payment', 'succeeded', 'failed', 'expired', 'canceled')),
  payment_code text check (payment_code ~ '^[0-9]{11}$'),
  expires_at timestamptz,
  return_url text not null check (char_length(return_url) <= 2048),
  refunded_amount integer not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index sandbox_shopper_payments_expiring on sandbox_shopper_payments (expires_at) where status = 'awaiting_payment';
`;
