import { randomUUID } from 'node:crypto';
import { codeOf, sendWithRetries, type Attempted, type AttemptLog, type BuyerClient } from './buyer-http.ts';
import { ArtistList, ArtistPlans, Created, MyPlans, parsed, type MyPlan } from './buyer-shapes.ts';
import { SEEDED_ARTIST_SLUG } from './seed.ts';

export type StepKind = 'signup' | 'card' | 'checkout' | 'change' | 'skip' | 'cancel';

export interface Checkout {
  email: string;
  planId: number;
  /** 'refused' with code 'UNRESOLVED': no final answer within the retries (see verify.ts). */
  outcome: 'completed' | 'refused';
  status: number;
  attempts: number;
  idempotencyKey: string;
  code: string | null;
  /** From the 201: the subscription and the round charged at checkout. */
  userPlanId: number | null;
  roundId: number | null;
  at: number;
}

export interface Step {
  buyer: number;
  kind: StepKind;
  ok: boolean;
  attempts: number;
  status: number;
  code: string | null;
}

export interface Buyer {
  n: number;
  email: string;
  client: BuyerClient;
  log: AttemptLog;
  checkouts: Checkout[];
  steps: Step[];
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

function record(buyer: Buyer, kind: StepKind, done: Attempted, ok: boolean): void {
  const answer = done.answer;
  buyer.steps.push({ buyer: buyer.n, kind, ok, attempts: done.attempts, status: answer?.status ?? 0, code: answer ? codeOf(answer) : done.lastError });
}

const label = (buyer: Buyer, what: string) => `buyer ${buyer.n} ${what}`;

export async function myPlans(buyer: Buyer): Promise<MyPlan[] | null> {
  const done = await sendWithRetries(label(buyer, 'my plans'), buyer.log, () => buyer.client.send('GET', '/api/userPlan'));
  return parsed(MyPlans, done.answer);
}

async function plansOf(buyer: Buyer, slug: string) {
  const done = await sendWithRetries(label(buyer, 'artist'), buyer.log, () => buyer.client.send('GET', `/api/artist/${encodeURIComponent(slug)}`));
  return parsed(ArtistPlans, done.answer)?.plans.filter((p) => p.currentOrder !== null) ?? [];
}

/** One step of a shopper's visit: look at My plans, then subscribe, change, skip or cancel. */
export async function takeStep(buyer: Buyer): Promise<void> {
  const mine = await myPlans(buyer);
  if (!mine) return;
  const roll = Math.random();
  const sub = pick(mine);
  if (!sub || roll < 0.35) return checkout(buyer, mine);
  if (roll < 0.6) return change(buyer, sub, mine);
  if (roll < 0.75) return skip(buyer, sub);
  return cancel(buyer, sub);
}

/** A share of checkouts are of a plan the shopper already has (a second tab): a clear refusal, ALREADY_SUBSCRIBED. */
const AGAIN_SHARE = 0.1;

/** A demo plan with an open round that the shopper does not have (the seeded round is the billing run's). */
async function openPlan(buyer: Buyer, mine: MyPlan[]): Promise<number | null> {
  const again = Math.random() < AGAIN_SHARE ? pick(mine) : undefined;
  if (again) return again.plan.id;
  const listed = await sendWithRetries(label(buyer, 'artists'), buyer.log, () => buyer.client.send('GET', '/api/artist'));
  const artist = pick((parsed(ArtistList, listed.answer) ?? []).filter((a) => !a.isClose && a.slug !== SEEDED_ARTIST_SLUG));
  if (!artist) return null;
  const taken = new Set(mine.map((m) => m.plan.id));
  return pick((await plansOf(buyer, artist.slug)).filter((p) => !taken.has(p.id)))?.id ?? null;
}

/** POST /api/userPlan with one idempotency key for every retry, as a client after a network error. */
async function checkout(buyer: Buyer, mine: MyPlan[]): Promise<void> {
  const planId = await openPlan(buyer, mine);
  if (planId === null) return;
  const idempotencyKey = `soak-${randomUUID()}`;
  const json = { planId, count: Math.random() < 0.3 ? 2 : 1 };
  const done = await sendWithRetries(label(buyer, 'checkout'), buyer.log,
    () => buyer.client.send('POST', '/api/userPlan', { json, headers: { 'idempotency-key': idempotencyKey } }));
  const answer = done.answer;
  const created = parsed(Created, answer);
  const code = answer ? codeOf(answer) : null;
  const refused = answer !== null && answer.status >= 400 && answer.status < 500 && code !== null && code !== 'IN_PROGRESS' && answer.status !== 421 && answer.status !== 429;
  buyer.checkouts.push({
    email: buyer.email, planId, idempotencyKey, attempts: done.attempts, status: answer?.status ?? 0, at: Date.now(),
    outcome: created ? 'completed' : 'refused', code: created ? null : refused ? code : 'UNRESOLVED',
    userPlanId: created?.userPlan.id ?? null, roundId: created?.appliesFrom.order?.id ?? null,
  });
  record(buyer, 'checkout', done, created !== null);
}

/** A tier change to another open plan of the same artist, else a count change. */
async function change(buyer: Buyer, sub: MyPlan, mine: MyPlan[]): Promise<void> {
  const taken = new Set(mine.map((m) => m.plan.id));
  const tier = pick((await plansOf(buyer, sub.artist.slug)).filter((p) => !taken.has(p.id)));
  const json = tier
    ? { currentPlanId: sub.plan.id, planId: tier.id, action: 'change' }
    : { currentPlanId: sub.plan.id, planId: sub.plan.id, count: (sub.count % 3) + 1, action: 'change' };
  const done = await sendWithRetries(label(buyer, 'change'), buyer.log, () => buyer.client.send('PUT', '/api/userPlan', { json }));
  record(buyer, 'change', done, done.answer?.status === 200);
}

async function skip(buyer: Buyer, sub: MyPlan): Promise<void> {
  const json = { currentPlanId: sub.plan.id, planId: sub.plan.id, action: 'skip' };
  const done = await sendWithRetries(label(buyer, 'skip'), buyer.log, () => buyer.client.send('PUT', '/api/userPlan', { json }));
  record(buyer, 'skip', done, done.answer?.status === 200);
}

/** DELETE /api/userPlan/:planId; a 404 after a failed attempt is that attempt's cancellation, done. */
async function cancel(buyer: Buyer, sub: MyPlan): Promise<void> {
  const done = await sendWithRetries(label(buyer, 'cancel'), buyer.log, () => buyer.client.send('DELETE', `/api/userPlan/${sub.plan.id}`));
  const status = done.answer?.status;
  record(buyer, 'cancel', done, status === 200 || (done.failedBefore && (status === 404 || status === 409)));
}
