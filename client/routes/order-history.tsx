import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { ORDER_COPY as C } from '../components/order-history/order-copy.ts';
import { EmptyState, SEE_LINEUP } from '../components/empty-state.tsx';
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
        <EmptyState className="order-empty" title={C.empty} next={C.emptyNext} link={{ to: href('lineup'), label: SEE_LINEUP }} />
      ) : (
        <div className="order-list">
          {orders.map((order) => <OrderCard key={order.id} order={order} />)}
        </div>
      )}
    </section>
  );
}
