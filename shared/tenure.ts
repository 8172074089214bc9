import type { PaymentStatus } from './payment.ts';
import { PAID_STATUSES } from './receipt.ts';

/**
 * Tenure that counts (issue 33): 継続月数 per artist, the fan's paid rounds in a row. A skip or a
 * pause does not break it (the round is simply not there); a round whose charge failed for good
 * does; a cancellation does, unless the fan subscribes to the artist again within
 * `TENURE_GRACE_DAYS`. A round of a plan billed every N months counts N months. Two plans of one
 * artist in the same round count that round once.
 */
export const TENURE_GRACE_DAYS = 60;

const DAY_MS = 86_400_000;

/** One of the fan's charged rounds, as the history holds it. */
export interface TenureBox {
  artistId: number;
  userPlanId: number;
  roundShipDate: Date;
  /** The plan's period: months one round covers. */
  months: number;
  paymentStatus: PaymentStatus;
  /** A charge replaced by a plan change is not a round of its own. */
  superseded: boolean;
}

export interface TenureSubscription {
  id: number;
  artistId: number;
  createdAt: Date;
  cancelledAt: Date | null;
  /** PENDING or ACTIVE. */
  live: boolean;
}

export interface Tenure {
  artistId: number;
  /** Paid rounds in a row, the newest first. */
  rounds: number;
  months: number;
}

type Step = { shipDate: number; months: number; paid: boolean; userPlanId: number };

/** The current streak per artist (artists with none are left out). */
export function tenures(boxes: readonly TenureBox[], subscriptions: readonly TenureSubscription[], now: Date): Tenure[] {
  const subs = new Map(subscriptions.map((s) => [s.id, s]));
  const byArtist = new Map<number, Step[]>();
  for (const box of boxes) {
    if (box.superseded) continue;
    const paid = PAID_STATUSES.includes(box.paymentStatus);
    // A decline counts once its round has shipped without it (its retries end at the ship date).
    const missed = box.paymentStatus === 'ERROR' && box.roundShipDate.getTime() <= now.getTime();
    if (!paid && !missed) continue;
    const steps = byArtist.get(box.artistId) ?? [];
    steps.push({ shipDate: box.roundShipDate.getTime(), months: box.months, paid, userPlanId: box.userPlanId });
    byArtist.set(box.artistId, steps);
  }
  const result: Tenure[] = [];
  for (const [artistId, steps] of byArtist) {
    const streak = streakOf(oneStepPerRound(steps), subs);
    if (streak.rounds === 0 || !stillHeld(artistId, subscriptions, now)) continue;
    result.push({ artistId, ...streak });
  }
  return result.sort((a, b) => b.months - a.months || a.artistId - b.artistId);
}

/** Newest first; a round held twice (two plans of the artist) is paid if either was, with the longer period. */
function oneStepPerRound(steps: Step[]): Step[] {
  const byRound = new Map<number, Step>();
  for (const step of steps) {
    const earlier = byRound.get(step.shipDate);
    if (!earlier || (step.paid && !earlier.paid) || (step.paid === earlier.paid && step.months > earlier.months)) byRound.set(step.shipDate, step);
  }
  return [...byRound.values()].sort((a, b) => b.shipDate - a.shipDate);
}

function streakOf(steps: Step[], subs: Map<number, TenureSubscription>): { rounds: number; months: number } {
  let rounds = 0;
  let months = 0;
  let newer: Step | undefined;
  for (const step of steps) {
    if (!step.paid) break;
    if (newer && !continues(step, newer, subs)) break;
    rounds += 1;
    months += step.months;
    newer = step;
  }
  return { rounds, months };
}

/** From an older paid round to a newer one: the same subscription, or a new one soon after the old one ended. */
function continues(older: Step, newer: Step, subs: Map<number, TenureSubscription>): boolean {
  if (older.userPlanId === newer.userPlanId) return true;
  const ended = subs.get(older.userPlanId)?.cancelledAt?.getTime() ?? older.shipDate;
  const started = subs.get(newer.userPlanId)?.createdAt.getTime() ?? newer.shipDate;
  return started - ended <= TENURE_GRACE_DAYS * DAY_MS;
}

/** A streak counts while the fan holds a plan of the artist, or cancelled within the grace. */
function stillHeld(artistId: number, subscriptions: readonly TenureSubscription[], now: Date): boolean {
  return subscriptions.some((s) => s.artistId === artistId
    && (s.live || (s.cancelledAt !== null && now.getTime() - s.cancelledAt.getTime() <= TENURE_GRACE_DAYS * DAY_MS)));
}

/** How a streak reads, on my page and in the console alike: 「継続 6か月（6回連続）」. */
export function tenureText(tenure: { rounds: number; months: number }): { ja: string; en: string } {
  const months = tenure.months === 1 ? '1 month' : `${tenure.months} months`;
  const boxes = tenure.rounds === 1 ? '1 box' : `${tenure.rounds} boxes in a row`;
  return { ja: `継続 ${tenure.months}か月（${tenure.rounds}回連続）`, en: `${months} (${boxes})` };
}
