import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { ORDER_COPY as C } from '../components/order-history/order-copy.ts';
import { OrderCard } from '../components/order-history/order-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

export async function loader({ context }: LoaderFunctionArgs): Promise<PlanOrderHistory[]> {
  return must(await apiFrom(context).planOrderHistories());
}

/** docs/spec.md §2 /mypage/orderHistroy: every order, newest first, with its progress and receipt (issue 9). */
export function Component() {
  const orders = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page order-history-page">
      <PageMeta title={t(C.title)} description={t(C.lead)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(C.title)}</h1>
      <p className="profile-lead">{t(C.lead)}</p>
      {orders.length === 0 ? (
        <p className="order-empty">{t(C.empty)} <Link to={href('lineup')}>{t(C.lineup)}</Link></p>
      ) : (
        <div className="order-list">
          {orders.map((order) => <OrderCard key={order.id} order={order} />)}
        </div>
      )}
    </section>
  );
}
