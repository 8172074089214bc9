import { Link } from 'react-router';
import type { CustomerDetail } from '../../../shared/api/customers.ts';
import { customerPlanLabel } from '../../../shared/api/customers.ts';
import { CANCEL_REASON_LABELS, CANCEL_REASONS } from '../../../shared/cancel-reasons.ts';
import { CANCEL_NOTE_MAX } from '../../../shared/cancel-reasons.ts';
import { CHARGED_STATUSES } from '../../../shared/dashboard-figures.ts';
import { Field, SelectField } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { CONFIRM_TEXT, CUSTOMER_COPY as C } from './customer-copy.ts';
import { RefundPanel } from './refund-panel.tsx';
import type { RefundKind } from './refund-links.tsx';
import { TextAreaField } from './text-area-field.tsx';

export interface Confirm {
  kind: 'refund' | 'address' | 'resend' | 'cancel' | 'skip' | 'pause' | 'resume';
  id: number;
  /** The refund form's idempotency key, made once per render of the confirm step. */
  key: string;
  /** A refund: in full, the box stopped or shipped, or in part (refund-links.tsx). */
  refund?: RefundKind;
}

const SUBMIT = { resend: C.doResend, address: C.doShipTo, cancel: C.doCancel, skip: C.doSkip, pause: C.doPause, resume: C.doResume } as const;

/**
 * The confirm step of one action, reached by a link (`?confirm=…`), so it works without
 * JavaScript: the text says what the shopper will notice; the button does it.
 */
export function ConfirmPanel({ confirm, detail, failure }: { confirm: Confirm; detail: CustomerDetail; failure: FormFailure | undefined }) {
  const name = detail.profile.name || detail.profile.email;
  if (confirm.kind === 'resend') return <ResendPanel confirm={confirm} detail={detail} failure={failure} name={name} />;
  if (confirm.kind === 'address') return <ShipToPanel confirm={confirm} detail={detail} failure={failure} name={name} />;
  if (confirm.kind === 'refund') return <RefundPanel id={confirm.id} kind={confirm.refund ?? 'full'} formKey={confirm.key} detail={detail} failure={failure} name={name} />;
  return <ActionPanel confirm={confirm} detail={detail} failure={failure} name={name} />;
}

interface PanelProps { confirm: Confirm; detail: CustomerDetail; failure: FormFailure | undefined; name: string }

function ShipToPanel({ confirm, detail, failure, name }: PanelProps) {
  const t = useT();
  const charge = detail.charges.find((c) => c.id === confirm.id && c.paymentStatus === 'WAITING');
  if (!charge) return null;
  const v = charge.shipTo;
  return (
    <section className="console-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t(C.confirmTitle)}</h2>
      <p>{t(CONFIRM_TEXT.address(name, charge.id))}</p>
      <ValidatedForm failure={failure} intent="address">
        <input type="hidden" name="historyId" value={charge.id} />
        <Field name="name" label={C.name} defaultValue={v.name} maxLength={200} autoComplete="off" required />
        <Field name="zip" label={C.zip} defaultValue={v.zip} maxLength={8} inputMode="numeric" autoComplete="off" required />
        <Field name="address" label={C.address} defaultValue={v.address} maxLength={200} autoComplete="off" required />
        <Field name="address2" label={C.address2} defaultValue={v.address2} maxLength={200} autoComplete="off" required />
        <Field name="tel" label={C.tel} defaultValue={v.tel} maxLength={20} inputMode="tel" autoComplete="off" required />
        <SubmitButton label={C.doShipTo} />
        <p><Link to="?">{t(C.back2)}</Link></p>
      </ValidatedForm>
    </section>
  );
}

function ResendPanel({ confirm, detail, failure, name }: PanelProps) {
  const t = useT();
  const charge = detail.charges.find((c) => c.id === confirm.id && CHARGED.includes(c.paymentStatus));
  if (!charge) return null;
  return (
    <section className="console-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t(C.confirmTitle)}</h2>
      <p>{t(CONFIRM_TEXT.resend(name, charge.id, detail.profile.email))}</p>
      <ValidatedForm failure={failure} intent="resend">
        <input type="hidden" name="historyId" value={charge.id} />
        <SubmitButton label={C.doResend} />
        <p><Link to="?">{t(C.back2)}</Link></p>
      </ValidatedForm>
    </section>
  );
}

/** Money was taken for the round (shared/dashboard-figures.ts): its payment mail may be resent. */
export const CHARGED: readonly string[] = CHARGED_STATUSES;

function ActionPanel({ confirm, detail, failure, name }: PanelProps) {
  const t = useT();
  const plan = detail.subscriptions.find((s) => s.planId === confirm.id && s.status === 'ACTIVE');
  if (!plan) return null;
  const text = CONFIRM_TEXT[confirm.kind as 'cancel' | 'skip' | 'pause' | 'resume'](name, customerPlanLabel(plan));
  return (
    <section className="console-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t(C.confirmTitle)}</h2>
      <p>{t(text)}</p>
      <ValidatedForm failure={failure} intent={confirm.kind === 'cancel' ? confirm.kind : 'plan'}>
        <input type="hidden" name="planId" value={confirm.id} />
        {confirm.kind === 'cancel' ? (
          <>
            <SelectField name="reason" label={C.cancelReason} options={CANCEL_REASONS.map((r) => ({ value: r, label: CANCEL_REASON_LABELS[r] }))} />
            <TextAreaField name="note" label={C.cancelNote} maxLength={CANCEL_NOTE_MAX} />
          </>
        ) : null}
        {confirm.kind !== 'cancel' ? <input type="hidden" name="action" value={confirm.kind} /> : null}
        <SubmitButton label={SUBMIT[confirm.kind as 'cancel' | 'skip' | 'pause' | 'resume']} />
        <p><Link to="?">{t(C.back2)}</Link></p>
      </ValidatedForm>
    </section>
  );
}
