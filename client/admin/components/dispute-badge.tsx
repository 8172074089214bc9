import { DISPUTE_BADGE, disputeStatusLabel, type DisputeView } from '../../../shared/dispute.ts';
import { useT } from '../../lang.tsx';

/** 「チャージバック（異議申し立て）: 要対応」 beside a charge's status (shared/dispute.ts). */
export function DisputeBadge({ dispute }: { dispute: DisputeView | null }) {
  const t = useT();
  if (!dispute) return null;
  return (
    <strong className="console-badge" data-dispute={dispute.status ?? ''} data-needs-response={dispute.needsResponse ? 'true' : undefined}>
      {`${t(DISPUTE_BADGE)}: ${t(disputeStatusLabel(dispute.status))}`}
    </strong>
  );
}
