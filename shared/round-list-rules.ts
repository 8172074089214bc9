import * as z from 'zod/mini';
import { jstDayStartOf } from './jst.ts';
import type { Text } from './text.ts';

/**
 * The console's rounds list (号・出荷, issue 32): it opens on what needs action. A round past its
 * deadline with boxes still to ship comes first (the oldest ship date first), then the rounds still
 * taking orders (the nearest deadline first), then the rest (the latest ship date first).
 * Shared by the staff API (api/shipping/rounds.repository.ts) and the console's filter form.
 */
export const ROUND_STATES = ['ship', 'open', 'done'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_STATE_LABELS: Record<RoundState, Text> = {
  ship: { ja: '要出荷', en: 'Needs shipping' },
  open: { ja: '受付中', en: 'Accepting orders' },
  done: { ja: '完了', en: 'Done' },
};

/** Boxes to ship: paid and not yet gone from the warehouse (SUCCESS is still being made, WAITING is in the list). */
export const TO_SHIP_STATUSES = ['SUCCESS', 'WAITING'] as const;

/** `YYYY-MM`: the month of the ship date, in Japan time. */
export const ROUND_MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;

export const RoundListQuery = z.strictObject({
  page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/))),
  state: z.optional(z.enum(ROUND_STATES)),
  artist: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,8}$/))),
  month: z.optional(z.string().check(z.regex(ROUND_MONTH))),
});
export type RoundListFilters = Omit<z.infer<typeof RoundListQuery>, 'page'>;

/** The state a round is in at `now`: the deadline passed with boxes to ship, still taking orders, or neither. */
export function roundStateOf(deadline: Date, toShip: number, now: Date): RoundState {
  if (deadline.getTime() >= now.getTime()) return 'open';
  return toShip > 0 ? 'ship' : 'done';
}

/** The instants a JST month `YYYY-MM` starts and ends at (end exclusive). */
export function jstMonthRange(month: string): { from: Date; to: Date } {
  const [, y, m] = ROUND_MONTH.exec(month) ?? [];
  return { from: jstDayStartOf(Number(y), Number(m), 1), to: jstDayStartOf(Number(y), Number(m) + 1, 1) };
}
