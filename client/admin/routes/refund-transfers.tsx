import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { safeParse } from '../../../shared/field-errors.ts';
import { formatDateTime, formatPrice } from '../../../shared/format.ts';
import { TRANSFERS_TITLE, TransferDoneInput, transferReasonLabel, type RefundTransfer } from '../../../shared/refund-transfer-rules.ts';
import { KONBINI_NOT_REFUNDABLE } from '../../../shared/shopper-payment.ts';
import type { Text } from '../../../shared/text.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { Pager } from '../components/pager.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  lead: {
    ja: 'コンビニ払いの代金は決済サービスから返金できないため、銀行振込でお返しします。お客様に振込先の口座を伺って振り込んだら「振込済みにする」を押してください（監査ログに残ります）。',
    en: 'A konbini payment cannot be refunded through the payment service, so it is returned by bank transfer. Ask the customer for their account, transfer the money, then press "Mark transferred" (recorded in the audit trail).',
  },
  customer: { ja: 'お客様', en: 'Customer' },
  amount: { ja: '金額', en: 'Amount' },
  reason: { ja: '理由', en: 'Reason' },
  date: { ja: '登録日時', en: 'Listed at' },
  order: { ja: '注文', en: 'Order' },
  action: { ja: '操作', en: 'Action' },
  none: { ja: '振込待ちの返金はありません。', en: 'No refund is waiting for a transfer.' },
  done: { ja: '振込済みにしました。', en: 'Marked as transferred.' },
  markDone: { ja: '振込済みにする', en: 'Mark transferred' },
  badForm: { ja: '送信内容を読み取れませんでした。ページを再読み込みして、もう一度お試しください。', en: 'The form could not be read. Reload the page and try again.' },
} as const satisfies Record<string, Text>;

/** Support's and the owner's list (permission `refunds`); the API answers 403 to any other role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const list = mustStaff(await staffApiFrom(context).refundTransfers(pageParam(request)));
  return { list, done: new URL(request.url).searchParams.get('done') === '1' };
}

/** One form per transfer: mark it transferred, then back to the list saying so (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = safeParse(TransferDoneInput, { transfer: values.transfer });
  if (!parsed.success) return checkInput(TransferDoneInput, values, values);
  const result = await staffApiFrom(context).markTransferred(parsed.data);
  if (!result.ok) return apiFailure(result, values);
  return seeOther(`${adminHref('refundTransfers')}?done=1`);
}

export function Component() {
  const { list, done } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main>
      <title>{`${t(TRANSFERS_TITLE)} | OshiBox`}</title>
      <h1>{t(TRANSFERS_TITLE)}</h1>
      <p>{t(COPY.lead)}</p>
      <p>{t(KONBINI_NOT_REFUNDABLE)}</p>
      {done ? <p className="flash-notice" role="status">{t(COPY.done)}</p> : null}
      {failure ? <FormError text={failure.error ?? COPY.badForm} /> : null}
      {list.transfers.length === 0 ? <p>{t(COPY.none)}</p> : <Transfers transfers={list.transfers} />}
      <Pager path={adminHref('refundTransfers')} page={list.page} hasNext={list.hasNext} />
    </main>
  );
}

function Transfers({ transfers }: { transfers: RefundTransfer[] }) {
  const t = useT();
  return (
    <ScrollRegion label={t(TRANSFERS_TITLE)}>
      <table className="console-table" data-testid="refund-transfers">
        <thead>
          <tr>
            <th scope="col">{t(COPY.customer)}</th>
            <th scope="col" className="num">{t(COPY.amount)}</th>
            <th scope="col">{t(COPY.reason)}</th>
            <th scope="col">{t(COPY.date)}</th>
            <th scope="col">{t(COPY.order)}</th>
            <th scope="col">{t(COPY.action)}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.id}>
              <th scope="row"><Link to={adminHref('customer', { id: String(transfer.userId) })}>{transfer.name || transfer.email}</Link></th>
              <td className="num">{formatPrice(transfer.amount)}</td>
              <td>{t(transferReasonLabel(transfer.reason))}</td>
              <td>{formatDateTime(transfer.createdAt)}</td>
              <td>{transfer.historyId ?? '—'}</td>
              <td>
                <Form method="post" action={adminHref('refundTransfers')}>
                  <input type="hidden" name="transfer" value={transfer.id} />
                  <SubmitButton label={COPY.markDone} variant="ghost" />
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
