/**
 * Issue 22, a checkout whose API copy died mid-request: the idempotency key names the
 * subscription its checkout reserved, so a retry with the same key that takes the abandoned claim
 * over (api/user-plan/idempotency.ts) settles that subscription instead of starting a second one.
 * Null until the reservation commits (the key row is written in the same transaction); a deleted
 * subscription leaves the key without one.
 */
export const name = 'checkout-key-plan';

export const up = `
alter table idempotency_keys add column user_plan_id integer references user_plans (id) on delete set null;
`;
