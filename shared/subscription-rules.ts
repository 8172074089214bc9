import { formatDeadline, formatDeadlineTime, formatMonth } from './format.ts';
import { jstParts, pad2 } from './jst.ts';
import type { Text } from './text.ts';

/**
 * THE rule of when a subscription change takes effect (docs/decisions/0008-subscription-rounds.md), used
 * by the API, every page, every mail and the howto/FAQ texts:
 *
 * - A round's deadline is the instant `endDate`. Strictly before it, a change (tier, count, skip,
 *   pause, resume, cancel) still counts for that round; from the deadline on it applies from the
 *   next round. A deadline of 2026-12-01T00:00+09:00 accepts changes until 11/30 23:59:59 JST.
 * - A round already charged at checkout and changed before its deadline is re-charged with the
 *   new terms (tier, count) or voided and refunded (skip, pause, cancel).
 * - A round is named after the month its box ships, as seen in Tokyo: ship date 2026-12-25 →
 *   「12月号」 / "Dec 2026 box" (decision 0072). The ship date is a date, the round's name free
 *   text, so the month comes from the ship date.
 */
export interface RoundTimes {
  endDate: string;
  shipDate: string;
}

export const CHANGE_KINDS = ['tier', 'count', 'skip', 'pause', 'resume', 'cancel'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** True while `now` is strictly before the round's deadline. */
export function isBeforeDeadline(round: Pick<RoundTimes, 'endDate'>, now: Date): boolean {
  return now.getTime() < new Date(round.endDate).getTime();
}

/**
 * The round a change made at `now` applies from: the earliest round whose deadline has not
 * passed, or null when the next round is not scheduled yet (「次号から」).
 */
export function roundForChange<R extends RoundTimes>(rounds: readonly R[], now: Date): R | null {
  const open = rounds.filter((r) => isBeforeDeadline(r, now));
  open.sort((a, b) => new Date(a.endDate).getTime() - new Date(b.endDate).getTime());
  return open[0] ?? null;
}

function shipMonth(round: Pick<RoundTimes, 'shipDate'>): number {
  return jstParts(round.shipDate).month;
}

/**
 * 「12月号」 / "Dec 2026 box": a round as a fan reads it on every page and mail. The English label
 * has no article: a sentence says "the Dec 2026 box" itself (decision 0072).
 */
export function issueLabel(round: Pick<RoundTimes, 'shipDate'>): Text {
  return { ja: `${shipMonth(round)}月号`, en: `${formatMonth(round.shipDate, true)} box` };
}

/** 「12月号から」 / "from the Dec 2026 box"; without a scheduled round, 「次号から」 / "from the next box". */
export function fromIssueLabel(round: Pick<RoundTimes, 'shipDate'> | null): Text {
  if (!round) return { ja: '次号から', en: 'from the next box' };
  const issue = issueLabel(round);
  return { ja: `${issue.ja}から`, en: `from the ${issue.en}` };
}

/** 「申込締切 2026/11/30 23:59」 / "Order by 2026/11/30 23:59 (JST)": the round's deadline on its own (`formatDeadline`). */
export function deadlineLabel(round: Pick<RoundTimes, 'endDate'>): Text {
  return { ja: formatDeadline(round.endDate), en: formatDeadline(round.endDate, true) };
}

/** 「2026/11/30 23:59」 / "2026/11/30 23:59 (JST)": the deadline where a label or sentence already says 申込締切. */
export function deadlineTimeLabel(round: Pick<RoundTimes, 'endDate'>): Text {
  return { ja: formatDeadlineTime(round.endDate), en: formatDeadlineTime(round.endDate, true) };
}

/** The changes a shopper can take back: both only withhold one or more rounds. */
export const UNDOABLE_CHANGES = ['skip', 'pause'] as const;
export type UndoableChange = (typeof UNDOABLE_CHANGES)[number];

/**
 * Until when a skip or pause can be undone: the deadline of the round it withholds first (for a
 * pause, `paused_from`). After it the run has settled that round, so the change stands; a pause
 * can still be ended by resuming, from the next round (docs/decisions/0022-undo-skip-and-pause.md).
 */
export function undoDeadline(round: Pick<RoundTimes, 'endDate'>): string {
  return round.endDate;
}

/** True while a skip or pause of `round` (null: nothing to undo) may still be taken back at `now`. */
export function canUndo(_change: UndoableChange, round: Pick<RoundTimes, 'endDate'> | null, now: Date): boolean {
  return round !== null && isBeforeDeadline({ endDate: undoDeadline(round) }, now);
}

/**
 * A round charged at checkout and still before its deadline is voided and refunded in full by a
 * skip, pause or cancel made now (the same condition the API applies when it voids the charge).
 */
export function refundsCheckoutCharge(round: Pick<RoundTimes, 'endDate'> | null, status: string | null, now: Date): boolean {
  return round !== null && status === 'SUCCESS' && isBeforeDeadline(round, now);
}

/** 「申込締切（2026/11/30 23:59）まで取り消せます」: when the undo button goes away, in both languages. */
export function undoUntilLabel(round: Pick<RoundTimes, 'endDate'>): Text {
  const last = deadlineTimeLabel({ endDate: undoDeadline(round) });
  return { ja: `申込締切（${last.ja}）まで取り消せます`, en: `You can undo this until ${last.en}, the round's deadline` };
}

/** The rule in words, for howto, FAQ, checkout and the confirmation mail (built from this module). */
export const ROUND_RULE_TEXT: Text = {
  ja: 'プラン・個数の変更、1回スキップ、休止・再開、解約は、各回の申込締切までのお手続きならその回から反映されます。締切を過ぎると次の回からの反映となります。お申し込み時に決済済みの回を締切前に解約・スキップ・休止した場合、その回の決済は取り消され、全額返金されます。',
  en: 'A change of plan or count, skipping one round, pausing or resuming, and cancelling apply to a round when made before its deadline; after the deadline they apply from the next round. If you cancel, skip or pause a round you already paid for at checkout before its deadline, that payment is voided and refunded in full.',
};

/** How an undo works, for the FAQ (the same rule as `canUndo`). */
export const UNDO_RULE_TEXT: Text = {
  ja: 'スキップと休止は、その回の申込締切まではマイページの「プラン管理」の「取り消す」で取り消せます。取り消した回は締切時に決済してお届けします（スキップ・休止で返金した代金も、このとき改めて決済します）。締切を過ぎると取り消せません（休止は「再開する」で次の回から再開できます）。',
  en: 'Until a round\'s deadline, a skip or pause can be taken back with "Undo" under "My plans" in My page. The round is then charged at its deadline and sent (a payment refunded by the skip or pause is charged again then). After the deadline it cannot be undone (a pause can still be ended with "Resume", from the next round).',
};

/** When each round is charged (checkout item of the 2022 amendment of the Specified Commercial Transactions Act). */
export const CHARGE_TIMING_TEXT: Text = {
  ja: '初回はお申し込み時に決済します。2回目以降は各回の申込締切時に、その時点のプラン・個数で決済します（スキップ・休止中の回は決済しません）。',
  en: 'The first round is charged when you apply. Each later round is charged at its deadline with the plan and count in force then (skipped or paused rounds are not charged).',
};

/** How to cancel (the same amendment). */
export const HOW_TO_CANCEL_TEXT: Text = {
  ja: 'マイページの「プラン管理」からいつでも解約できます。解約は申込締切前ならその回から、締切後は次の回から反映されます。',
  en: 'Cancel at any time under "My plans" in My page. A cancellation before a round\'s deadline applies to that round; after it, from the next round.',
};

/** Boxes per round a subscription may hold (shop policy: keeps a round's parcel one size). */
export const COUNT_LIMITS = { min: 1, max: 5 } as const;

/** Name, postal code, address and phone: what a box needs to arrive (docs/spec.md §5); checkout needs them. */
export function hasDeliveryAddress(user: { name: string; zip: string; address: string; address2: string; tel: string }): boolean {
  return [user.name, user.zip, user.address, user.address2, user.tel].every((v) => v.trim() !== '');
}

/**
 * A round's month as `2026-12` for a page's query string (a notice after a redirect names the
 * round without the server keeping state); `next` when no round is scheduled.
 */
export function issueKey(round: Pick<RoundTimes, 'shipDate'> | null): string {
  if (!round) return 'next';
  const { year, month } = jstParts(round.shipDate);
  return `${year}-${pad2(month)}`;
}

/** The 「◯月号から」 label of an `issueKey`, or null for anything else (never echoed). */
export function fromIssueKey(key: string | null): Text | null {
  if (key === 'next') return fromIssueLabel(null);
  if (!key || !/^\d{4}-(0[1-9]|1[0-2])$/.test(key)) return null;
  return fromIssueLabel({ shipDate: `${key}-15T00:00:00+09:00` });
}
