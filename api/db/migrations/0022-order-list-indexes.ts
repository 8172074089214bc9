/**
 * Issue 32, the console's order list (docs/decisions/0079-order-list.md): newest first by
 * (created_at, id), paged by key, filtered by status, round, plan (an artist's plans) or payment
 * method. One index per filter, each ending in the sort key, so a page reads its 51 rows in index
 * order however deep it is. Only live rows are listed (superseded_by is null), so the indexes are partial.
 */
export const name = 'order-list-indexes';

export const up = `
create index plan_order_histories_list on plan_order_histories (created_at desc, id desc) where superseded_by is null;
create index plan_order_histories_list_status on plan_order_histories (payment_status, created_at desc, id desc) where superseded_by is null;
create index plan_order_histories_list_round on plan_order_histories (plan_order_id, created_at desc, id desc) where superseded_by is null;
create index plan_order_histories_list_plan on plan_order_histories (plan_id, created_at desc, id desc) where superseded_by is null;
create index plan_order_histories_list_method on plan_order_histories (payment_method, created_at desc, id desc) where superseded_by is null;
`;
