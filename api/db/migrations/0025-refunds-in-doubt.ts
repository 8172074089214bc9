/**
 * A refund whose gateway answer was lost is asked again under its own key by the billing pass
 * (docs/decisions/0085-a-refund-in-doubt-is-asked-again.md):
 * - the sandbox gateway keeps the refund keys it has answered, so asking twice refunds once (the
 *   provider contract; Stripe finds the earlier refund by the key in its metadata);
 * - two small partial indexes find the refunds still pending.
 */
export const name = 'refunds-in-doubt';

export const up = `
create table sandbox_refunds (
  refund_key text primary key,
  order_key text not null,
  amount integer not null check (amount > 0),
  created_at timestamptz not null
);
create index plan_order_histories_refund_pending on plan_order_histories (updated_at) where refund_status = 'pending';
create index order_refunds_pending on order_refunds (created_at) where status = 'pending';
`;
