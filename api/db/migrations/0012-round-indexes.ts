/**
 * Issue 19: the console lists a round's boxes (号・出荷) and its charges by state (決済), and counts
 * them per round; without an index on the round, each page read every live row of the shop.
 */
export const name = 'round-indexes';

export const up = `
create index plan_order_histories_round on plan_order_histories (plan_order_id, id)
  where superseded_by is null;
`;
