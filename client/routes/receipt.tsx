import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { checkAddressee, RECEIPT_REFUSALS } from '../../shared/receipt.ts';
import { href } from '../../shared/routes.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { JapaneseRuns } from '../components/japanese-runs.tsx';
import { ORDER_COPY } from '../components/order-history/order-copy.ts';
import { PrintButton } from '../components/order-history/print-button.tsx';
import { RECEIPT_COPY as C } from '../components/order-history/receipt-copy.ts';
import { ReceiptForm } from '../components/order-history/receipt-form.tsx';
import { ReceiptSheet } from '../components/order-history/receipt-sheet.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { loadCurrentUser } from '../data/current-user.ts';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

interface ReceiptData {
  order: PlanOrderHistory;
  receipt: Receipt | null;
  /** The addressee the form starts with: the last one, else the user's name. */
  addressee: string;
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<ReceiptData> {
  const api = apiFrom(context);
  const id = params.id ?? '';
  const [order, user] = await Promise.all([api.planOrderHistory(id).then(must), loadCurrentUser(request, context)]);
  let receipt: Receipt | null = null;
  if (order.receipt.available && order.receipt.issuedCount > 0) receipt = must(await api.receipt(id));
  return { order, receipt, addressee: order.receipt.addressee ?? user.name };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (values.intent !== 'issue') return formFailure({ error: MESSAGES.fieldInvalid }, values);
  const checked = checkAddressee(values.addressee ?? '');
  if (!checked.ok) return formFailure({ fields: { addressee: checked.error } }, values);
  const result = await apiFrom(context).issueReceipt(params.id ?? '', { addressee: checked.value });
  if (!result.ok) return apiFailure(result, values);
  // Back to the page with a GET: a reload shows the receipt, it does not issue another.
  return seeOther(href('receipt', { id: result.data.historyId }));
}

/** docs/spec.md §2 /mypage/orderHistroy/{id}/receipt: the issue form, then the printable receipt (issue 9). */
export function Component() {
  const { order, receipt, addressee } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <section className="page receipt-page">
      <PageMeta title={t(C.title)} description={`${t(C.title)} ${t(order.order.label)} ${order.artist.name}`} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title receipt-page-title">{t(C.title)}<span>{t(order.order.label)} <JapaneseRuns text={order.artist.name} /> <CatalogueText ja={order.plan.name} en={order.plan.nameEn} /></span></h1>
      {order.receipt.refusal ? (
        <div className="receipt-unavailable">
          <h2>{t(C.unavailableTitle)}</h2>
          <p>{t(RECEIPT_REFUSALS[order.receipt.refusal])}</p>
        </div>
      ) : null}
      {receipt ? (
        <>
          <PrintButton />
          <ReceiptSheet receipt={receipt} />
        </>
      ) : null}
      {order.receipt.available ? <ReceiptForm addressee={addressee} failure={failure} reissue={receipt !== null} /> : null}
      <p className="receipt-back"><Link to={href('orderHistory')}>{t(ORDER_COPY.back)}</Link></p>
    </section>
  );
}
