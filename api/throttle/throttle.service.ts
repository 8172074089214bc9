import { createHash } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { Text } from '../../shared/text.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { addHit, countHits } from './throttle.repository.ts';

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

function keyOf({ rule, value }: Subject): string {
  return `${rule}:${createHash('sha256').update(value.toLowerCase()).digest('base64url')}`;
}

/** Per e-mail: the §8 "repeated e-mail mistakes" message; per client: "wait and retry". */
function refusal(rule: ThrottleRuleName): DomainError {
  const text: Text = rule.endsWith('Email') ? MESSAGES.emailRepeatedMistakes : MESSAGES.retryLater;
  return new DomainError(429, 'RATE_LIMITED', text);
}

/** Refuses (429) when any subject has used up its window; counts nothing. */
export async function assertNotThrottled(db: Db, rules: ThrottleRules, subjects: Subject[], now: Date): Promise<void> {
  for (const subject of subjects) {
    const rule = rules[subject.rule];
    if ((await countHits(db, keyOf(subject), now, rule.windowMs)) >= rule.limit) throw refusal(subject.rule);
  }
}

/** Counts one hit on every subject. */
export async function recordHits(db: Db, rules: ThrottleRules, subjects: Subject[], now: Date): Promise<void> {
  for (const subject of subjects) await addHit(db, keyOf(subject), now, rules[subject.rule].windowMs);
}

/** Counts one hit on every subject, then refuses (429) if any went past its limit. */
export async function takeHits(db: Db, rules: ThrottleRules, subjects: Subject[], now: Date): Promise<void> {
  let over: ThrottleRuleName | null = null;
  for (const subject of subjects) {
    const rule = rules[subject.rule];
    if ((await addHit(db, keyOf(subject), now, rule.windowMs)) > rule.limit) over ??= subject.rule;
  }
  if (over) throw refusal(over);
}

/** Counts one hit on the subject and returns the hits of its window so far (the caller decides). */
export async function countHit(db: Db, rules: ThrottleRules, subject: Subject, now: Date): Promise<number> {
  return addHit(db, keyOf(subject), now, rules[subject.rule].windowMs);
}

export { deleteStaleCounters as deleteStaleThrottle } from './throttle.repository.ts';
