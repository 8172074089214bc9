import type { Order } from '../../../shared/api/types.ts';
import { deadlineLabel, issueLabel } from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/**
 * 「次回：1月号 — 申込締切 2026/12/31 23:59」: a round by its issue and deadline, so a shopper (and an
 * operator rehearsing a month, README) can read when the next round closes and is charged.
 */
export function NextRoundLine({ lead, round }: { lead: Text; round: Pick<Order, 'endDate' | 'shipDate'> }) {
  const t = useT();
  const issue = issueLabel(round);
  // The full-width colon in Japanese, as the site's other labels (「必ず入る：缶バッジ」).
  return (
    <p className="next-round">
      {t({ ja: `${lead.ja}：${issue.ja}`, en: `${lead.en}: ${issue.en}` })} — <time dateTime={round.endDate}>{t(deadlineLabel(round))}</time>
    </p>
  );
}
