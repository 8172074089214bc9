/**
 * Issue 30: a plan's period is its billing and shipping interval, so a plan's rounds stand
 * `period` Tokyo months apart, ship dates and deadlines both (shared/plan-period.ts; the console and
 * the import refuse anything closer from now on). Older data has rounds of period-N plans a month
 * apart (the demo's 3-month plan had one every month), and the billing run charges every round.
 *
 * Walking each period-N plan's rounds by ship date, a round closer than N months to the last kept
 * round is deleted when nothing holds on to it: it has not opened for applications yet (a round
 * open now, or past, is what fans were shown and paid), no charge row of any status exists for it
 * (not even a declined or cancelled one: a charge record is never lost), the billing run has not
 * reserved it, and no price change starts from it. Its goods, the skips of it and its reminder
 * mark go with it (a skip of a round that no longer exists means nothing).
 * Any other round is kept and the walk goes on from it. docs/decisions/0053-plan-period-rounds.md.
 * (SQL, not the TypeScript rule: a migration is frozen as it shipped; this is the same month count.)
 */
export const name = 'plan-period-rounds';

export const up = `
create table plan_period_dropped_rounds as
with recursive ordered as (
  select po.id, po.plan_id, p.period,
    (extract(year from po.ship_date at time zone 'Asia/Tokyo') * 12 + extract(month from po.ship_date at time zone 'Asia/Tokyo'))::integer as ship_month,
    (extract(year from po.end_date at time zone 'Asia/Tokyo') * 12 + extract(month from po.end_date at time zone 'Asia/Tokyo'))::integer as end_month,
    (po.start_date <= now()
      or exists (select 1 from plan_order_histories h where h.plan_order_id = po.id)
      or exists (select 1 from billing_rounds b where b.plan_order_id = po.id and b.reserved_at is not null)
      or exists (select 1 from plan_price_changes c where c.from_round_id = po.id)) as held,
    row_number() over (partition by po.plan_id order by po.ship_date, po.id) as n
  from plan_orders po join plans p on p.id = po.plan_id
  where p.period > 1
),
walk as (
  select id, plan_id, n, true as kept, ship_month as kept_ship, end_month as kept_end from ordered where n = 1
  union all
  select o.id, o.plan_id, o.n, k.keep,
    case when k.keep then o.ship_month else w.kept_ship end,
    case when k.keep then o.end_month else w.kept_end end
  from walk w
  join ordered o on o.plan_id = w.plan_id and o.n = w.n + 1
  cross join lateral (select o.held or (o.ship_month - w.kept_ship >= o.period and abs(o.end_month - w.kept_end) >= o.period) as keep) k
)
select id from walk where not kept;

delete from user_plan_skips where plan_order_id in (select id from plan_period_dropped_rounds);
delete from billing_rounds where plan_order_id in (select id from plan_period_dropped_rounds);
delete from order_goods where plan_order_id in (select id from plan_period_dropped_rounds);
delete from plan_orders where id in (select id from plan_period_dropped_rounds);
drop table plan_period_dropped_rounds;
`;
