import { Link, useActionData, useLoaderData, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { OrderPage, OrderRow } from '../../../shared/api/orders.ts';
import { customerChargeLabel } from '../../../shared/api/customers.ts';
import { safeParse } from '../../../shared/field-errors.ts';
import { formatNumber } from '../../../shared/format.ts';
import { ORDER_BULK_MAX, ORDER_FILTER_KEYS, OrderListQuery, REFUND_FILTER_LABELS, REFUND_FILTERS, type OrderListFilters } from '../../../shared/order-list-rules.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/payment.ts';
import { can, type StaffMember } from '../../../shared/staff-roles.ts';
import { apiFailure, formFailure, seeOther } from '../../data/form-action.ts';
import { FormError } from '../../components/form/form-message.tsx';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { FilterInput, FilterSelect } from '../components/filter-fields.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { ORDER_COPY as COPY } from '../data/order-text.ts';
import { ORDERS_EXPORT_PATH, staffApiFrom } from '../data/staff-api.ts';

const filtersQuery = (filters: OrderListFilters) => new URLSearchParams(filters as Record<string, string>).toString();

/** The URL's filters the API accepts; one it would refuse (typed into the address bar) is dropped. */
function filtersOf(params: URLSearchParams): OrderListFilters {
  const filters: Record<string, string> = {};
  for (const key of ORDER_FILTER_KEYS) {
    const value = params.get(key) ?? '';
    if (value !== '' && safeParse(OrderListQuery, { [key]: value }).success) filters[key] = value;
  }
  return filters;
}

/** GET /orders?status=…&after=…: support's and the owner's order list (`customers.read`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const after = params.get('after') ?? '';
  const query = { ...filters, ...(/^[1-9]\d{0,9}$/.test(after) ? { after } : {}) };
  const page = mustStaff(await staffApiFrom(context).orders(query));
  const sent = Number(params.get('sent') ?? 'NaN');
  const skipped = Number(params.get('skipped') ?? 'NaN');
  return { page, filters, paged: 'after' in query, resent: Number.isSafeInteger(sent) && Number.isSafeInteger(skipped) ? { sent, skipped } : null };
}

/** The bulk form's resend (POST, intent=resend): the selected orders' payment mails, then back to the list. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const ids = form.getAll('ids').filter((v): v is string => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v)).map(Number);
  if (form.get('intent') !== 'resend' || ids.length === 0 || ids.length > ORDER_BULK_MAX) return formFailure({ error: COPY.chooseOrders });
  const result = await staffApiFrom(context).resendOrders({ ids });
  if (!result.ok) return apiFailure(result, {});
  return seeOther(`${adminHref('orders')}?${new URLSearchParams({ sent: String(result.data.sent.length), skipped: String(result.data.skipped.length) })}`);
}

export function Component() {
  const { page, filters, paged, resent } = useLoaderData<typeof loader>();
  const staff = (useRouteLoaderData('console') as { staff: StaffMember } | undefined)?.staff;
  const failure = useActionData<{ error?: Text }>();
  const t = useT();
  const query = filtersQuery(filters);
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      {failure?.error ? <FormError text={failure.error} /> : null}
      {resent ? <p className="console-notice" role="status">{t(COPY.resent(resent.sent, resent.skipped))}</p> : null}
      <OrderFilters page={page} filters={filters} />
      {page.orders.length === 0 ? <p role="status">{t(COPY.none)}</p> : <BulkForm orders={page.orders} mayAct={staff ? can(staff.role, 'customers.act') : false} />}
      <nav className="console-pager" aria-label={t(COPY.pages)}>
        {paged ? <Link to={`${adminHref('orders')}${query ? `?${query}` : ''}`}>{t(COPY.first)}</Link> : null}
        {page.next !== null ? <Link to={`${adminHref('orders')}?${new URLSearchParams({ ...filters, after: String(page.next) })}`} rel="next">{t(COPY.next)}</Link> : null}
      </nav>
    </main>
  );
}

/** A plain GET form: the filtered list and its pages are links, with JavaScript or without. */
function OrderFilters({ page, filters }: { page: OrderPage; filters: OrderListFilters }) {
  const t = useT();
  const statusLabel = (s: PaymentStatus) => `${t(PAYMENT_STATUS_LABELS[s])}（${s}）`;
  return (
    <form method="get" action={adminHref('orders')} className="form console-filters" role="search" aria-label={t(COPY.filters)}>
      <FilterSelect form="orders" name="status" label={COPY.status} value={filters.status} options={PAYMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
      <FilterSelect form="orders" name="artist" label={COPY.artist} value={filters.artist} options={page.artists.map((a) => ({ value: String(a.id), label: a.name }))} />
      <FilterInput form="orders" name="round" label={COPY.roundId} value={filters.round} />
      <FilterSelect form="orders" name="method" label={COPY.method} value={filters.method} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(PAYMENT_METHOD_LABELS[m]) }))} />
      <FilterSelect form="orders" name="refund" label={COPY.refund} value={filters.refund} options={REFUND_FILTERS.map((r) => ({ value: r, label: t(REFUND_FILTER_LABELS[r]) }))} />
      <FilterInput form="orders" name="from" label={COPY.from} value={filters.from} type="date" />
      <FilterInput form="orders" name="to" label={COPY.to} value={filters.to} type="date" />
      <div className="console-inline">
        <button type="submit" className="button button-primary">{t(COPY.search)}</button>
        <Link to={adminHref('orders')}>{t(COPY.clear)}</Link>
      </div>
    </form>
  );
}

/**
 * The rows are checkboxes of one form: its CSV button is a GET to the API through the console's
 * proxy (the browser downloads the file), its resend button a POST to this page's action. No JavaScript needed.
 */
function BulkForm({ orders, mayAct }: { orders: OrderRow[]; mayAct: boolean }) {
  const t = useT();
  return (
    <form method="post" action={adminHref('orders')} aria-label={t(COPY.bulk)}>
      <ScrollRegion label={t(COPY.title)}>
        <table className="console-table">
          <caption className="visually-hidden">{t(COPY.title)}</caption>
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">{t(COPY.select)}</span></th>
              <th scope="col">{t(COPY.orderNumber)}</th>
              <th scope="col">{t(COPY.orderedAt)}</th>
              <th scope="col">{t(COPY.customer)}</th>
              <th scope="col">{t(COPY.item)}</th>
              <th scope="col" className="num">{t(COPY.amount)}</th>
              <th scope="col">{t(COPY.status)}</th>
              <th scope="col">{t(COPY.method)}</th>
            </tr>
          </thead>
          <tbody>{orders.map((order) => <OrderLine key={order.id} order={order} />)}</tbody>
        </table>
      </ScrollRegion>
      <fieldset className="console-inline console-bulk">
        <legend>{t(COPY.bulk)}</legend>
        <label htmlFor="orders-encoding">{t(COPY.encoding)}</label>
        <select id="orders-encoding" name="encoding" defaultValue="utf8" className="form-input">
          <option value="utf8">{t(COPY.utf8)}</option>
          <option value="cp932">{t(COPY.cp932)}</option>
        </select>
        <button type="submit" className="button" formMethod="get" formAction={ORDERS_EXPORT_PATH}>{t(COPY.exportCsv)}</button>
        {mayAct ? <button type="submit" className="button" name="intent" value="resend">{t(COPY.resend)}</button> : null}
      </fieldset>
    </form>
  );
}

function OrderLine({ order }: { order: OrderRow }) {
  const t = useT();
  const status = Object.hasOwn(PAYMENT_STATUS_LABELS, order.paymentStatus) ? t(PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus]) : order.paymentStatus;
  const customer = adminHref('customer', { id: String(order.customerId) });
  return (
    <tr>
      <td><input type="checkbox" name="ids" value={order.id} aria-label={`${t(COPY.select)} ${order.id}`} /></td>
      <th scope="row"><Link to={`${customer}#charge-${order.id}`}>{order.id}</Link></th>
      <td>{new Date(order.createdAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' })}</td>
      <td><Link to={customer}>{order.customerName || `#${order.customerId}`}</Link></td>
      <td>{customerChargeLabel(order)}</td>
      <td className="num">{`¥${formatNumber(order.total)}`}</td>
      <td>{status}</td>
      <td>{t(PAYMENT_METHOD_LABELS[order.paymentMethod])}</td>
    </tr>
  );
}
