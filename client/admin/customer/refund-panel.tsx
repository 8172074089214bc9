import { Link } from 'react-router';
import type { CustomerCharge, CustomerDetail } from '../../../shared/api/customers.ts';
import { customerChargeLabel } from '../../../shared/api/customers.ts';
import { REFUND_REASON_MAX } from '../../../shared/customer-rules.ts';
import { asksWhetherBoxShips } from '../../../shared/refund-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { CONFIRM_TEXT, CUSTOMER_COPY as C } from './customer-copy.ts';
import type { RefundKind } from './refund-links.tsx';

interface RefundPanelProps { id: number; kind: RefundKind; formKey: string; detail: CustomerDetail; failure: FormFailure | undefined; name: string }

/** The kind asked for, if this charge allows it now: before shipment a full refund must say what happens to the box. */
function kindFor(charge: CustomerCharge, kind: RefundKind): RefundKind | null {
  const before = asksWhetherBoxShips(charge.paymentStatus);
  if (kind === 'part') return kind;
  if (before) return kind === 'full' ? null : kind;
  return kind === 'full' ? kind : null;
}

function confirmText(charge: CustomerCharge, kind: RefundKind, name: string): Text {
  if (kind === 'stop') return CONFIRM_TEXT.refundStop(name, charge.id, customerChargeLabel(charge), charge.refundCap);
  if (kind === 'ship') return CONFIRM_TEXT.refundShip(name, charge.id, customerChargeLabel(charge), charge.refundCap);
  if (kind === 'part') return CONFIRM_TEXT.refundPart(name, charge.id, customerChargeLabel(charge), charge.refundCap, asksWhetherBoxShips(charge.paymentStatus));
  return CONFIRM_TEXT.refund(name, charge.id, customerChargeLabel(charge), charge.refundCap);
}

const SUBMIT = { full: C.doRefund, stop: C.doRefundStop, ship: C.doRefundShip, part: C.doRefundPart } as const;

/**
 * The confirm step of a refund (issue 30): it says how much, and what happens to the box, in the
 * shopper's terms; a partial refund asks the amount (at most what is left). Works without JavaScript.
 */
export function RefundPanel({ id, kind: asked, formKey, detail, failure, name }: RefundPanelProps) {
  const t = useT();
  const charge = detail.charges.find((c) => c.id === id && c.refundable);
  const kind = charge ? kindFor(charge, asked) : null;
  if (!charge || !kind) return null;
  return (
    <section className="console-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t(C.confirmTitle)}</h2>
      <p>{t(confirmText(charge, kind, name))}</p>
      {kind === 'stop' && charge.stopRefundParcel ? <p className="console-notice">{t(CONFIRM_TEXT.refundStopParcel(charge.stopRefundParcel, charge.refundCap))}</p> : null}
      <ValidatedForm failure={failure} intent="refund">
        <input type="hidden" name="historyId" value={charge.id} />
        <input type="hidden" name="idempotencyKey" value={failure?.values?.idempotencyKey ?? formKey} />
        {kind === 'stop' || kind === 'ship' ? <input type="hidden" name="box" value={kind} /> : null}
        {kind === 'part' ? (
          <Field name="amount" label={C.refundAmount} inputMode="numeric" maxLength={9} required
            hint={{ ja: `${charge.refundCap.toLocaleString('en-US')}円まで`, en: `Up to ${charge.refundCap.toLocaleString('en-US')} yen` }} />
        ) : null}
        <Field name="reason" label={C.refundReason} maxLength={REFUND_REASON_MAX} required />
        <SubmitButton label={SUBMIT[kind]} />
        <p><Link to="?">{t(C.back2)}</Link></p>
      </ValidatedForm>
    </section>
  );
}
