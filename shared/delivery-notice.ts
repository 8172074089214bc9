import type { CurrentUser, PlanOrderHistory, UserPlan } from './api/types.ts';
import { isShippedStatus, SHIP_TO_FOLLOWS_ACCOUNT } from './payment.ts';
import { issueLabel } from './subscription-rules.ts';
import type { Text } from './text.ts';

/**
 * After the delivery details change, which boxes go where: a box not yet in the warehouse list
 * (shared/payment.ts SHIP_TO_FOLLOWS_ACCOUNT), and a round not charged yet, go to the new
 * address (the API moved them in the same transaction); a box being prepared or already shipped
 * to another address keeps it. One sentence per group, ja/en; none when there is nothing to say.
 */
type Where = 'new' | 'preparing' | 'shipped';

interface Box {
  artist: string;
  shipDate: string;
}

function labelOf(box: Box): Text {
  const issue = issueLabel(box);
  return { ja: `${box.artist}の${issue.ja}`, en: `${box.artist}'s ${issue.en}` };
}

function sameAddress(row: PlanOrderHistory, user: CurrentUser): boolean {
  return row.shipZip === user.zip && row.shipAddress === user.address && row.shipAddress2 === user.address2;
}

/** Where one order's box goes, or null when it is not on its way (cancelled, delivered, past). */
function whereOf(row: PlanOrderHistory, user: CurrentUser, now: Date): Where | null {
  if (SHIP_TO_FOLLOWS_ACCOUNT.includes(row.paymentStatus)) {
    // A declined round ships only if paid before its ship date (shared/billing-rules.ts).
    return row.paymentStatus !== 'ERROR' || Date.parse(row.order.shipDate) > now.getTime() ? 'new' : null;
  }
  if (row.paymentStatus === 'DELIVERED' || row.paymentStatus === 'CANCEL' || sameAddress(row, user)) return null;
  return isShippedStatus(row.paymentStatus) ? 'shipped' : 'preparing';
}

/** The next round of each running subscription not charged yet: it will be reserved with the new address. */
function unchargedRounds(plans: UserPlan[], charged: Set<number>): Box[] {
  return plans.filter((p) => p.nextRound && !p.paused && !p.nextRoundSkipped && !charged.has(p.nextRound.id))
    .map((p) => ({ artist: p.artist.name, shipDate: p.nextRound!.shipDate }));
}

const SENTENCES: Record<Where, (labels: Text) => Text> = {
  new: (l) => ({ ja: `${l.ja}は新しいお届け先へお届けします。`, en: `${l.en}: delivered to the new address.` }),
  preparing: (l) => ({ ja: `${l.ja}は発送準備中のため、変更前のお届け先へお届けします。`, en: `${l.en}: being prepared for shipping, so delivered to the previous address.` }),
  shipped: (l) => ({ ja: `${l.ja}は発送済みのため、変更前のお届け先へお届けします。`, en: `${l.en}: already shipped to the previous address.` }),
};

function joinLabels(boxes: Box[]): Text {
  const labels = boxes.sort((a, b) => a.shipDate.localeCompare(b.shipDate)).map(labelOf);
  return { ja: labels.map((l) => l.ja).join('、'), en: labels.map((l) => l.en).join(', ') };
}

export function deliveryNotice(user: CurrentUser, orders: PlanOrderHistory[], plans: UserPlan[], now: Date): Text[] {
  const groups: Record<Where, Box[]> = { new: [], preparing: [], shipped: [] };
  for (const row of orders) {
    const where = whereOf(row, user, now);
    if (where) groups[where].push({ artist: row.artist.name, shipDate: row.order.shipDate });
  }
  groups.new.push(...unchargedRounds(plans, new Set(orders.map((row) => row.order.id))));
  return (['new', 'preparing', 'shipped'] as const).filter((w) => groups[w].length > 0).map((w) => SENTENCES[w](joinLabels(groups[w])));
}
