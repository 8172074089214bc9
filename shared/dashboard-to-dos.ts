import { adminHref } from './admin-routes.ts';
import type { Permission } from './staff-roles.ts';
import type { Text } from './text.ts';

/**
 * The dashboard's to-do tiles (issue 32, docs/decisions/0080-dashboard-to-dos-and-figures.md):
 * what needs an operator today, each with its count and the console page where it is done.
 */
export const TO_DO_KINDS = ['declined', 'toShip', 'refunds', 'disputes'] as const;
export type ToDoKind = (typeof TO_DO_KINDS)[number];

export interface ToDoTile {
  kind: ToDoKind;
  count: number;
  /** The console page (with its filter) where the work is done. */
  href: string;
  /** What the API asks for on that page (shared/staff-roles.ts): the tile links only for a role that holds it. */
  permission: Permission;
}

/** What the repository counts for the tiles. */
export interface ToDoCounts {
  /** Declined billing charges with no retry left, per round (only a new card or support saves them). */
  declinedByRound: readonly { roundId: number; count: number }[];
  /** Paid boxes of rounds past their deadline, not yet shipped (the rounds list's 要出荷). */
  toShip: number;
  /** Refunds (full or partial) still pending at the gateway or failed. */
  refunds: number;
  /** Chargebacks waiting for the shop's answer (shared/dispute.ts). */
  disputes: number;
}

/** Declined charges of one round open that round's declined list; of several, the billing overview. */
function declinedHref(byRound: ToDoCounts['declinedByRound']): string {
  const rounds = byRound.filter((r) => r.count > 0);
  if (rounds.length !== 1) return adminHref('billing');
  return `${adminHref('billingRound', { id: String(rounds[0]!.roundId) })}?state=declined`;
}

export function toDoTiles(counts: ToDoCounts): ToDoTile[] {
  return [
    { kind: 'declined', count: counts.declinedByRound.reduce((n, r) => n + r.count, 0), href: declinedHref(counts.declinedByRound), permission: 'refunds' },
    { kind: 'toShip', count: counts.toShip, href: `${adminHref('rounds')}?state=ship`, permission: 'shipping' },
    { kind: 'refunds', count: counts.refunds, href: `${adminHref('orders')}?refund=open`, permission: 'customers.read' },
    { kind: 'disputes', count: counts.disputes, href: adminHref('billing'), permission: 'refunds' },
  ];
}

export const TO_DO_LABELS: Record<ToDoKind, { title: Text; unit: Text; zero: Text; action: Text }> = {
  declined: {
    title: { ja: '決済失敗', en: 'Declined charges' },
    unit: { ja: '件', en: 'charges' },
    zero: { ja: '再決済を待つ失敗はありません。', en: 'No declined charge is waiting.' },
    action: { ja: '決済の一覧で再決済する', en: 'Retry them in Billing' },
  },
  toShip: {
    title: { ja: '出荷待ちの箱', en: 'Boxes to ship' },
    unit: { ja: '箱', en: 'boxes' },
    zero: { ja: '締切を過ぎて出荷を待つ箱はありません。', en: 'No paid box is waiting to ship.' },
    action: { ja: '号・出荷で出荷する', en: 'Ship them in Rounds & shipping' },
  },
  refunds: {
    title: { ja: '未完了の返金', en: 'Refunds not done' },
    unit: { ja: '件', en: 'refunds' },
    zero: { ja: '処理中・失敗の返金はありません。', en: 'No refund is pending or failed.' },
    action: { ja: '注文一覧で確かめる', en: 'Check them in Orders' },
  },
  disputes: {
    title: { ja: '要対応のチャージバック', en: 'Disputes to answer' },
    unit: { ja: '件', en: 'disputes' },
    zero: { ja: '回答を待つチャージバックはありません。', en: 'No dispute is waiting for an answer.' },
    action: { ja: '決済で確かめる', en: 'See them in Billing' },
  },
};
