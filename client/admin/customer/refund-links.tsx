import { Link } from 'react-router';
import type { CustomerCharge } from '../../../shared/api/customers.ts';
import { asksWhetherBoxShips } from '../../../shared/refund-rules.ts';
import { useT } from '../../lang.tsx';
import { CUSTOMER_COPY as C } from './customer-copy.ts';

/** How support refunds: in full (before shipment: the box stopped or shipped) or in part. */
export type RefundKind = 'full' | 'stop' | 'ship' | 'part';
export const REFUND_KINDS: readonly RefundKind[] = ['full', 'stop', 'ship', 'part'];

export const refundHref = (id: number, kind: RefundKind) => `?confirm=refund-${id}&refund=${kind}`;

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

/** The refund links of one charge: before shipment a full refund asks what happens to the box (issue 30). */
export function RefundLinks({ charge }: { charge: CustomerCharge }) {
  const t = useT();
  if (!charge.refundable) return null;
  const kinds: RefundKind[] = asksWhetherBoxShips(charge.paymentStatus) ? ['stop', 'ship', 'part'] : ['full', 'part'];
  const label = { full: C.refundAction, stop: C.refundStopLink, ship: C.refundShipLink, part: C.refundPartLink } as const;
  return <>{kinds.map((k) => <span key={k}> <Link to={refundHref(charge.id, k)}>{`${t(label[k])}（${charge.id}）`}</Link></span>)}</>;
}

/** What support sees of a charge's refunds: partial ones and what became of the box. */
export function RefundFacts({ charge }: { charge: CustomerCharge }) {
  const t = useT();
  const parts = charge.partialRefunds.filter((p) => p.status !== 'failed');
  return (
    <>
      {parts.map((p, i) => <span key={i}>{` ${t(C.refundedPart)} ${yen(p.amount)}（${p.reason}）`}</span>)}
      {charge.refundBox ? ` ・${t(charge.refundBox === 'stop' ? C.boxStopped : C.boxShips)}` : null}
    </>
  );
}
