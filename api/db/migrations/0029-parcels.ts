/**
 * 同梱 (issue 33, shared/parcel.ts, docs/decisions/0088-one-parcel-a-round.md): each box names the
 * parcel it travels in (the Tokyo date its consolidation window starts on) and whether its charge
 * carries the parcel's shipping fee. One carrier per fan and parcel is the unique index: two charges
 * at once never both take the fee.
 *
 * Boxes already recorded get the key of their round's ship date (the default window, one day); of
 * each fan's parcel, its earliest box that paid shipping and was not replaced carries the fee, so a
 * box charged after this migration joins it without paying shipping again.
 */
export const name = 'parcels';

export const up = `
alter table plan_order_histories add column parcel_key text, add column carries_fee boolean not null default false;
update plan_order_histories h set parcel_key = to_char(((o.ship_date at time zone 'UTC') + interval '9 hours')::date, 'YYYY-MM-DD')
  from plan_orders o where o.id = h.plan_order_id;
update plan_order_histories set carries_fee = true where id in (
  select distinct on (user_id, parcel_key) id from plan_order_histories
  where ship_fee > 0 and superseded_by is null and parcel_key is not null
    and payment_status in ('SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED')
  order by user_id, parcel_key, id);
create unique index plan_order_histories_parcel_fee on plan_order_histories (user_id, parcel_key) where carries_fee;
create index plan_order_histories_parcel on plan_order_histories (user_id, parcel_key) where parcel_key is not null;
`;
