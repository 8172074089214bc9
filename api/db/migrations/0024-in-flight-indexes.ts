/**
 * The billing pass looks every minute for work a lost answer left behind (docs/decisions/0084-a-lost-answer-is-settled.md):
 * checkout rows still BEFORE (stranded checkouts and plan changes) and the row each plan change
 * replaces. Both sets are small against the whole history, so both indexes are partial: the pass
 * reads a handful of index entries instead of every order row.
 */
export const name = 'in-flight-indexes';

export const up = `
create index plan_order_histories_checkout_before on plan_order_histories (created_at) where origin = 'checkout' and payment_status = 'BEFORE';
create index plan_order_histories_replaced on plan_order_histories (superseded_by) where superseded_by is not null;
`;
