/**
 * Issue 30, a refund says what happens to the box (docs/decisions/0059-refunds-and-the-box.md):
 * - `refund_box`: support's answer, for a full refund before shipment, to "does the box still ship?"
 *   ('stop': the box left the shipping list; 'ship': refunded and shipped as a goodwill gesture).
 * - `order_refunds`: partial refunds, each with its amount, reason, the form's idempotency key
 *   (unique: one form refunds once) and its state at the payment provider. A full refund stays on
 *   the order's own row (refund_status…), for the rest of the charge.
 */
export const name = 'refunds';

export const up = `
alter table plan_order_histories add column refund_box text check (refund_box in ('stop', 'ship'));

create table order_refunds (
  id serial primary key,
  history_id integer not null references plan_order_histories (id),
  amount integer not null check (amount > 0),
  reason text not null check (char_length(reason) <= 500),
  refund_key text not null unique,
  status text not null check (status in ('pending', 'refunded', 'failed')),
  staff_id integer references staff (id),
  created_at timestamptz not null,
  refunded_at timestamptz
);
create index order_refunds_history on order_refunds (history_id);
`;
