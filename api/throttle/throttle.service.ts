import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { Text } from '../../shared/text.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { addHits, removeHits, type CounterHit } from './throttle.repository.ts';

/**
 * Throttling: failed logins and code requests, per e-mail and per client address (issue 7); card
 * registrations per user and per client, card numbers per registration (issue 17). Keys are
 * hashed, so the table holds no address or registration id in clear.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const THROTTLE_RULES = {
  /** Failed logins for one e-mail: enough for typos, too few to guess a password. */
  loginEmail: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one client, across e-mails (credential stuffing). */
  loginClient: { limit: 50, windowMs: 15 * MINUTE },
  /** Codes mailed to one address (mail bombing). */
  mailEmail: { limit: 5, windowMs: 30 * MINUTE },
  /** Code requests from one client, across addresses. */
  mailClient: { limit: 20, windowMs: 30 * MINUTE },
  /** Wrong codes from one client, across addresses (each code also dies after 5 wrong tries). */
  codeClient: { limit: 30, windowMs: 30 * MINUTE },
  /**
   * Card registrations started by one user (issue 17, card testing): enough to fix a typo, retry
   * a declined card and change cards, too few to test stolen numbers. Each registration takes at
   * most `cardTries` numbers, so one account can try at most 10 × 5 = 50 numbers an hour.
   */
  cardUser: { limit: 10, windowMs: 60 * MINUTE },
  /** Card registrations started from one client, across accounts (one attacker, many accounts). */
  cardClient: { limit: 30, windowMs: 60 * MINUTE },
  /** Card numbers tried on one registration (the sandbox's hosted page; a real gateway caps its own). */
  cardTries: { limit: 5, windowMs: 60 * MINUTE },
  /**
   * One-time passwords typed on one 3-D Secure challenge of the sandbox's card page (issue 31): a
   * typo may be retyped, but a challenge is not a place to guess six digits.
   */
  otpTries: { limit: 3, windowMs: 60 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleRuleName = keyof typeof THROTTLE_RULES;
export type ThrottleRules = Record<ThrottleRuleName, ThrottleRule>;

export function throttleRules(overrides: Partial<ThrottleRules> = {}): ThrottleRules {
  return { ...THROTTLE_RULES, ...overrides };
}

/** What a throttle is counted by: the e-mail (lower-cased) or the client address. */
export interface Subject {
  rule: ThrottleRuleName;
  value: string;
}

/** The counter's key: the rule and a hash of the value (no address in clear). */
export function throttleKey({ rule, value }: Subject): string {
  return `${rule}:${createHash('sha256').update(value.toLowerCase()).digest('base64url')}`;
}

/** Per e-mail: the §8 "repeated e-mail mistakes" message; per client: "wait and retry". */
function refusal(rule: ThrottleRuleName): DomainError {
  const text: Text = rule.endsWith('Email') ? MESSAGES.emailRepeatedMistakes : MESSAGES.retryLater;
  return new DomainError(429, 'RATE_LIMITED', text);
}

/**
 * Counts one attempt on every subject and refuses (429) if any went past its limit. Counting and
 * deciding is one statement for all subjects (api/throttle/throttle.repository.ts), so N parallel
 * attempts never let more than the limit through; refused attempts count too, so a burst does
 * not start over. Call it before the costly work (a password hash, a code check).
 */
export async function takeHits(db: Db, rules: ThrottleRules, subjects: Subject[], now: Date): Promise<void> {
  const counts = await addHits(db, countersOf(rules, subjects), now);
  const over = subjects.find((subject) => (counts.get(throttleKey(subject)) ?? 0) > rules[subject.rule].limit);
  if (over) throw refusal(over.rule);
}

/**
 * Takes back the hits of an attempt that succeeded (right password, right code): only failures
 * use up the budget, and a success gives back its own hit alone, so it cannot buy more tries.
 */
export async function giveBackHits(db: Db, rules: ThrottleRules, subjects: Subject[], now: Date): Promise<void> {
  await removeHits(db, countersOf(rules, subjects), now);
}

/** Sorted by key, so parallel statements lock shared counters in one order (no deadlock). */
function countersOf(rules: ThrottleRules, subjects: Subject[]): CounterHit[] {
  const counters = subjects.map((subject) => ({ key: throttleKey(subject), windowMs: rules[subject.rule].windowMs }));
  return counters.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Counts one hit on the subject and returns the hits of its window so far (the caller decides). */
export async function countHit(db: Db, rules: ThrottleRules, subject: Subject, now: Date): Promise<number> {
  const key = throttleKey(subject);
  return (await addHits(db, [{ key, windowMs: rules[subject.rule].windowMs }], now)).get(key) ?? 0;
}

export { deleteStaleCounters as deleteStaleThrottle } from './throttle.repository.ts';
