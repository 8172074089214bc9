/**
 * The billing pass's reservation (api/billing/eligibility.ts `activeAtDeadline`) asks, for each
 * subscription of a round, whether it already has a billing row, a live charge or a stopped
 * refund for that round. Each of those is a different partial index, so the question as one
 * `not exists` matched none, and every page of 500 read the round's rows reserved so far: 100,000
 * subscriptions took 267 s to reserve, and under load one page passed the 10 s statement timeout
 * (issue 35's `npm run bench:billing`). This plain index answers it in one probe a subscription:
 * 20 s for the same 100,000.
 */
export const name = 'subscription-round-index';

export const up = `
create index plan_order_histories_subscription_round on plan_order_histories (user_plan_id, plan_order_id);
`;
