import { Link } from 'react-router';
import type { CustomerCharge, CustomerDetail, CustomerMailBody, CustomerSubscription } from '../../../shared/api/customers.ts';
import { adminHref } from '../../../shared/admin-routes.ts';
import { customerChargeLabel, customerPlanLabel } from '../../../shared/api/customers.ts';
import { SUPPORT_NOTE_MAX } from '../../../shared/customer-rules.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { PARCEL_FEE_LABEL } from '../../../shared/parcel-display.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, parsePaymentMethod, type PaymentStatus } from '../../../shared/payment.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import type { FormFailure } from '../../data/form-action.ts';
import { DisputeBadge } from '../components/dispute-badge.tsx';
import { useT } from '../../lang.tsx';
import { CUSTOMER_COPY as C } from './customer-copy.ts';
import { CHARGED } from './customer-confirm.tsx';
import { RefundFacts, RefundLinks } from './refund-links.tsx';
import { hyphenatedTel } from '../../../shared/phone.ts';
import { hyphenatedZip } from '../../../shared/shipping-columns.ts';
import { TextAreaField } from './text-area-field.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

export function ProfileSection({ detail }: { detail: CustomerDetail }) {
  const t = useT();
  const { profile, card } = detail;
  const method = PAYMENT_METHOD_LABELS[parsePaymentMethod(detail.paymentMethod)];
  return (
    <section aria-labelledby="customer-profile">
      <h2 id="customer-profile">{t(C.profile)}</h2>
      <dl className="console-who">
        <dt>{t(C.email)}</dt><dd>{profile.email}</dd>
        <dt>{t(C.name)}</dt><dd>{profile.name}</dd>
        <dt>{t(C.nameKana)}</dt><dd>{profile.nameKana || t(C.notGiven)}</dd>
        <dt>{t(C.tel)}</dt><dd>{hyphenatedTel(profile.tel)}</dd>
        <dt>{t(C.address)}</dt><dd>{`〒${hyphenatedZip(profile.zip)} ${profile.address} ${profile.address2}`}</dd>
        <dt>{t(C.lang)}</dt><dd>{profile.lang}</dd>
        <dt>{t(C.joined)}</dt><dd>{formatDate(profile.createdAt)}{profile.deleted ? `（${t(C.deleted)}）` : ''}</dd>
        <dt>{t(C.payment)}</dt><dd>{t(method)}{card ? ` ${card.brand} •••• ${card.last4}` : ''}</dd>
      </dl>
      {card ? null : <p>{t(C.noCard)}</p>}
      {detail.refundTransfers.length > 0 ? (
        <div data-testid="customer-transfers">
          <h3>{t(C.openTransfers)}</h3>
          <ul>
            {detail.refundTransfers.map((tr) => (
              <li key={tr.id}>{`${yen(tr.amount)} ${formatDateTime(tr.createdAt)}${tr.historyId ? `（${t(C.order)} ${tr.historyId}）` : ''}`}</li>
            ))}
          </ul>
          <p><Link to={adminHref('refundTransfers')}>{t(C.toTransfers)}</Link></p>
        </div>
      ) : null}
    </section>
  );
}

const confirmHref = (kind: string, id: number) => `?confirm=${kind}-${id}`;

function statusOf(s: CustomerSubscription): Text {
  if (s.status === 'CANCELLED') return C.cancelled;
  if (s.paused) return C.paused;
  return s.status === 'ACTIVE' ? C.active : { ja: s.status, en: s.status };
}

export function SubscriptionsTable({ detail, mayAct }: { detail: CustomerDetail; mayAct: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="customer-subscriptions">
      <h2 id="customer-subscriptions">{t(C.subscriptions)}</h2>
      {detail.subscriptions.length === 0 ? <p>{t(C.none)}</p> : (
        <ScrollRegion label={t(C.subscriptions)}>
          <table className="console-table">
            <thead><tr><th scope="col">{t(C.plan)}</th><th scope="col">{t(C.status)}</th><th scope="col">{t(C.count)}</th><th scope="col">{t(C.reason)}</th>{mayAct ? <th scope="col">{t(C.actions)}</th> : null}</tr></thead>
            <tbody>
              {detail.subscriptions.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{customerPlanLabel(s)}</th>
                  <td>{t(statusOf(s))}{s.cancelledAt ? ` ${formatDate(s.cancelledAt)}` : ''}</td>
                  <td>{s.count}</td>
                  <td>{s.cancelReason ? t(s.cancelReason) : ''}{s.cancelNote ? `（${s.cancelNote}）` : ''}{s.cancelledBy ? <span className="console-hint"> — {t(s.cancelledBy)}</span> : null}</td>
                  {mayAct ? <td>{s.status === 'ACTIVE' ? <PlanLinks s={s} /> : null}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <KeptOffers detail={detail} />
    </section>
  );
}

/** Offers the fan took on their cancel page instead of cancelling (issue 32), with their answer. */
function KeptOffers({ detail }: { detail: CustomerDetail }) {
  const t = useT();
  if (detail.keptOffers.length === 0) return null;
  return (
    <>
      <h3 id="customer-kept-offers">{t(C.keptOffers)}</h3>
      <ul className="customer-kept-offers" aria-labelledby="customer-kept-offers">
        {detail.keptOffers.map((o) => (
          <li key={o.id}>
            {formatDate(o.acceptedAt)} {customerPlanLabel(o)}：{t(o.offer)}{o.toPlanName ? `（→ ${o.toPlanName}）` : ''}
            {' '}{t(C.reason)}：{o.reason ? t(o.reason) : t(C.noReason)}{o.note ? `（${o.note}）` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

function PlanLinks({ s }: { s: CustomerSubscription }) {
  const t = useT();
  const kinds = s.paused ? (['resume', 'cancel'] as const) : (['skip', 'pause', 'cancel'] as const);
  return (
    <ul className="console-actions">
      {kinds.map((k) => <li key={k}><Link to={confirmHref(k, s.planId)}>{t(C[k])}</Link></li>)}
    </ul>
  );
}

/** The tracking number and, for a box of a parcel (同梱), its parcel and who paid its shipping. */
function ChargeShipment({ charge }: { charge: CustomerCharge }) {
  const t = useT();
  const { parcel, tracking } = charge;
  if (!parcel && !tracking) return null;
  return (
    <>
      {parcel ? <><br /><small data-testid="charge-parcel">{t(parcel.line)}</small></> : null}
      {parcel?.carriesFee ? <><br /><small>{t(PARCEL_FEE_LABEL)}</small></> : null}
      {parcel?.feePaidWith ? <><br /><small>{t(parcel.feePaidWith)}</small></> : null}
      {tracking ? <><br /><small>{`${t(C.tracking)}: ${tracking.carrierName ? `${t(tracking.carrierName)} ` : ''}${tracking.number}`}</small></> : null}
    </>
  );
}

function refundText(c: CustomerCharge): Text | null {
  if (c.refundStatus === 'refunded') return C.refunded;
  if (c.refundStatus === 'pending') return C.refundPending;
  if (c.refundStatus === 'failed') return C.refundFailed;
  return null;
}

export function ChargesTable({ detail, mayRefund, mayAct }: { detail: CustomerDetail; mayRefund: boolean; mayAct: boolean }) {
  const t = useT();
  const status = (s: string) => (Object.hasOwn(PAYMENT_STATUS_LABELS, s) ? t(PAYMENT_STATUS_LABELS[s as PaymentStatus]) : s);
  return (
    <section aria-labelledby="customer-charges">
      <h2 id="customer-charges">{t(C.charges)}</h2>
      {detail.charges.length === 0 ? <p>{t(C.none)}</p> : (
        <ScrollRegion label={t(C.charges)}>
          <table className="console-table">
            <thead><tr><th scope="col">{t(C.orderNumber)}</th><th scope="col">{t(C.round)}</th><th scope="col">{t(C.status)}</th><th scope="col">{t(C.amount)}</th><th scope="col">{t(C.refund)}</th></tr></thead>
            <tbody>
              {detail.charges.map((c) => {
                const refund = refundText(c);
                return (
                  <tr key={c.id} id={`charge-${c.id}`}>
                    <th scope="row">{c.id}</th>
                    <td>{customerChargeLabel(c)}<ChargeShipment charge={c} /></td>
                    <td>{status(c.paymentStatus)}{c.dispute ? <> <DisputeBadge dispute={c.dispute} /></> : null}</td>
                    <td>{yen(c.total)}</td>
                    <td>
                      {refund ? t(refund) : null}{c.refundReason ? `（${c.refundReason}）` : null}
                      <RefundFacts charge={c} />
                      {mayRefund ? <RefundLinks charge={c} /> : null}
                      {mayAct && CHARGED.includes(c.paymentStatus) ? <> <Link to={confirmHref('resend', c.id)}>{`${t(C.resend)}（${c.id}）`}</Link></> : null}
                      {mayAct && c.paymentStatus === 'WAITING' ? <> <Link to={confirmHref('address', c.id)}>{`${t(C.shipTo)}（${c.id}）`}</Link></> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function MailsList({ detail, open }: { detail: CustomerDetail; open: CustomerMailBody | null }) {
  const t = useT();
  const here = adminHref('customer', { id: String(detail.profile.id) });
  return (
    <section aria-labelledby="customer-mails">
      <h2 id="customer-mails">{t(C.mails)}</h2>
      {open ? <MailPanel mail={open} closeHref={`${here}#customer-mails`} /> : null}
      {detail.mails.length === 0 ? <p>{t(C.noMails)}</p> : (
        <ul>
          {detail.mails.map((m) => (
            <li key={m.ref}>
              {`${formatDateTime(m.at)} ${m.subject}（${m.kind}・${m.status}）`}{' '}
              {m.readable ? <Link to={`${here}?mail=${encodeURIComponent(m.ref)}#customer-mail`} aria-label={`${t(C.openMail)}: ${m.subject}`}>{t(C.openMail)}</Link> : <small>{t(C.mailNotKept)}</small>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The mail as the customer received it (its text), opened from the list. */
function MailPanel({ mail, closeHref }: { mail: CustomerMailBody; closeHref: string }) {
  const t = useT();
  return (
    <article id="customer-mail" className="console-mail" aria-labelledby="customer-mail-subject">
      <h3 id="customer-mail-subject">{mail.subject}</h3>
      <dl>
        <dt>{t(C.mailTo)}</dt><dd>{mail.to}</dd>
        <dt>{t(C.mailSentAt)}</dt><dd>{formatDateTime(mail.at)}</dd>
      </dl>
      <pre className="console-mail-text">{mail.text}</pre>
      <p><Link to={closeHref}>{t(C.closeMail)}</Link></p>
    </article>
  );
}

export function NotesSection({ detail, mayAct, failure }: { detail: CustomerDetail; mayAct: boolean; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <section aria-labelledby="customer-notes">
      <h2 id="customer-notes">{t(C.notes)}</h2>
      {detail.notes.length === 0 ? <p>{t(C.noNotes)}</p> : (
        <ul className="console-notes">
          {detail.notes.map((n) => <li key={n.id}><p>{n.body}</p><small>{`${formatDateTime(n.createdAt)} ${n.staffEmail}`}</small></li>)}
        </ul>
      )}
      {mayAct ? (
        <ValidatedForm failure={failure} intent="note">
          <TextAreaField name="body" label={C.noteField} maxLength={SUPPORT_NOTE_MAX} required />
          <SubmitButton label={C.addNote} variant="ghost" />
        </ValidatedForm>
      ) : null}
    </section>
  );
}
