import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { BillingCharge } from '../../../shared/api/billing.ts';
import { BILLING_STATES, type BillingState } from '../../../shared/api/dashboard.ts';
import { CHARGE_OUTCOMES, ChargeActionInput, type ChargeIntent, type ChargeOutcome } from '../../../shared/billing-console-rules.ts';
import { BILLING_STATE_LABELS } from '../../../shared/dashboard-figures.ts';
import { safeParse } from '../../../shared/field-errors.ts';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '../../../shared/format.ts';
import { PAYMENT_STATUS_LABELS, isPaymentStatus } from '../../../shared/payment.ts';
import type { Text } from '../../../shared/text.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { DisputeBadge } from '../components/dispute-badge.tsx';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { Pager } from '../components/pager.tsx';
import { ACTION_EXPLAINED, ACTION_LABEL, OUTCOME_TEXT } from '../data/billing-text.ts';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  charges: { ja: '請求の一覧', en: 'Charges' },
  back: { ja: '決済の一覧', en: 'All rounds' },
  states: { ja: '請求の状態', en: 'Charge states' },
  deadline: { ja: '締切', en: 'Deadline' },
  shipDate: { ja: '発送予定日', en: 'Planned shipping' },
  order: { ja: '注文番号', en: 'Order' },
  customer: { ja: 'お客さま', en: 'Customer' },
  plan: { ja: 'プラン', en: 'Plan' },
  amount: { ja: '金額', en: 'Amount' },
  status: { ja: '決済状況', en: 'Status' },
  reason: { ja: 'お断りの理由', en: 'Decline reason' },
  attempts: { ja: '請求回数', en: 'Attempts' },
  next: { ja: '次の自動再決済', en: 'Next automatic retry' },
  action: { ja: '操作', en: 'Action' },
  none: { ja: 'この状態の請求はありません。', en: 'No charges in this state.' },
  busy: { ja: '処理中', en: 'Being processed' },
  badForm: { ja: '送信内容を読み取れませんでした。ページを再読み込みして、もう一度お試しください。', en: 'The form could not be read. Reload the page and try again.' },
} as const satisfies Record<string, Text>;

/** The intents a state's list offers, explained once above the list. */
const INTENT_OF: Partial<Record<BillingState, ChargeIntent>> = { declined: 'retry', retrying: 'retry', inDoubt: 'reconcile' };

function stateParam(url: URL): BillingState {
  const raw = url.searchParams.get('state');
  return BILLING_STATES.find((s) => s === raw) ?? 'declined';
}

function outcomeParam(url: URL): ChargeOutcome | null {
  const raw = url.searchParams.get('done');
  return CHARGE_OUTCOMES.find((o) => o === raw) ?? null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const list = mustStaff(await staffApiFrom(context).billingRound(params.id ?? '', stateParam(url), pageParam(request)));
  return { list, done: outcomeParam(url) };
}

/** One form per charge (retry or reconcile, `intent`); the result is named on the list it came from (303). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = safeParse(ChargeActionInput, { intent: values.intent, charge: values.charge, attempt: values.attempt });
  if (!parsed.success) return checkInput(ChargeActionInput, values, values);
  const result = await staffApiFrom(context).chargeAction(parsed.data);
  if (!result.ok) return apiFailure(result, values);
  const back = `${adminHref('billingRound', { id: params.id ?? '' })}?state=${stateParam(new URL(request.url))}`;
  return seeOther(`${back}&done=${result.data.outcome}`);
}

export function Component() {
  const { list, done } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const path = adminHref('billingRound', { id: String(list.round.id) });
  const intent = INTENT_OF[list.state];
  return (
    <main>
      <title>{`${list.round.name} ${t(BILLING_STATE_LABELS[list.state])} | OshiBox`}</title>
      <p><Link to={adminHref('billing')}>{t(COPY.back)}</Link></p>
      <h1>{`${list.round.name} ${list.round.artistName} ${list.round.planName}`}</h1>
      <dl className="console-facts">
        <dt>{t(COPY.deadline)}</dt><dd>{formatDate(list.round.deadline)}</dd>
        <dt>{t(COPY.shipDate)}</dt><dd>{formatDate(list.round.shipDate)}</dd>
      </dl>
      <nav aria-label={t(COPY.states)}>
        <ul className="console-tabs">
          {BILLING_STATES.map((state) => (
            <li key={state}>
              <Link to={`${path}?state=${state}`} aria-current={state === list.state ? 'page' : undefined}>
                {`${t(BILLING_STATE_LABELS[state])}（${formatNumber(list.round.counts[state])}）`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {done ? <p className="console-status" role="status">{t(OUTCOME_TEXT[done])}</p> : null}
      {failure ? <FormError text={failure.error ?? COPY.badForm} /> : null}
      <h2>{t(BILLING_STATE_LABELS[list.state])}</h2>
      {intent ? <p>{t(ACTION_EXPLAINED[intent])}</p> : null}
      {list.charges.length === 0 ? <p>{t(COPY.none)}</p> : <Charges charges={list.charges} action={`${path}?state=${list.state}`} />}
      <Pager path={path} params={{ state: list.state }} page={list.page} hasNext={list.hasNext} />
    </main>
  );
}

function Charges({ charges, action }: { charges: BillingCharge[]; action: string }) {
  const t = useT();
  return (
    <ScrollRegion label={t(COPY.charges)}>
      <table className="console-table" data-testid="charges">
        <thead>
          <tr>
            <th scope="col">{t(COPY.order)}</th>
            <th scope="col">{t(COPY.customer)}</th>
            <th scope="col">{t(COPY.plan)}</th>
            <th scope="col" className="num">{t(COPY.amount)}</th>
            <th scope="col">{t(COPY.status)}</th>
            <th scope="col">{t(COPY.reason)}</th>
            <th scope="col" className="num">{t(COPY.attempts)}</th>
            <th scope="col">{t(COPY.next)}</th>
            <th scope="col">{t(COPY.action)}</th>
          </tr>
        </thead>
        <tbody>
          {charges.map((charge) => (
            <tr key={charge.id}>
              <th scope="row">{charge.id}</th>
              <td>{charge.email}</td>
              <td>{charge.planName}</td>
              <td className="num">{formatPrice(charge.amount)}</td>
              <td>{isPaymentStatus(charge.status) ? t(PAYMENT_STATUS_LABELS[charge.status]) : charge.status}{charge.dispute ? <> <DisputeBadge dispute={charge.dispute} /></> : null}</td>
              <td>{charge.declineReason ?? '—'}</td>
              <td className="num">{formatNumber(charge.attempts)}</td>
              <td>{charge.nextAttemptAt ? formatDateTime(charge.nextAttemptAt) : '—'}</td>
              <td><ChargeAction charge={charge} action={action} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function ChargeAction({ charge, action }: { charge: BillingCharge; action: string }) {
  const t = useT();
  const intent: ChargeIntent | null = charge.canRetry ? 'retry' : charge.canReconcile ? 'reconcile' : null;
  if (!intent) return charge.state === 'inDoubt' ? <span>{t(COPY.busy)}</span> : <span>—</span>;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="charge" value={charge.id} />
      <input type="hidden" name="attempt" value={charge.attempts} />
      <SubmitButton label={{ ja: `${ACTION_LABEL[intent].ja}（${charge.id}）`, en: `${ACTION_LABEL[intent].en} (${charge.id})` }} variant="ghost" />
    </Form>
  );
}
