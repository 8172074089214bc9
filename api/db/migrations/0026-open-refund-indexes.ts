/**
 * Issue 32, the dashboard's to-do tiles and the order list's refund filter
 * (docs/decisions/0080-dashboard-to-dos-and-figures.md): refunds still pending at the gateway or
 * failed are few among all orders, so partial indexes find them without reading the rest, and the
 * filtered list keeps the order list's sort key (created_at, id) for its keyset pages.
 */
export const name = 'open-refund-indexes';

export const up = `
create index plan_order_histories_refund_open on plan_order_histories (created_at desc, id desc)
  where superseded_by is null and refund_status in ('pending', 'failed');
create index order_refunds_open on order_refunds (history_id) where status in ('pending', 'failed');
`;
