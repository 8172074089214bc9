import { Link } from 'react-router';
import type { OverviewAction } from '../../../shared/api/overview.ts';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { cardExpiringText, cardText, chargeFailedText, deferredInvoiceText, OVERVIEW_COPY as C } from './overview-copy.ts';

type ActionRoute = 'profilePayment' | 'orderHistory';

/** What each kind of action says, and the page where the shopper acts on it. */
function actionOf(action: OverviewAction): { text: Text; route: ActionRoute; link: Text } {
  switch (action.kind) {
    case 'chargeFailed':
      return { text: chargeFailedText(action.label, action.artistName, action.total, action.nextAttemptAt, action.shipDate), route: 'profilePayment', link: C.payNow };
    case 'cardExpiring':
      return { text: cardExpiringText(cardText(action.brand, action.last4), action.expiry, action.expired), route: 'profilePayment', link: C.renewCard };
    case 'deferredInvoice':
      return { text: deferredInvoiceText(action.label, action.artistName, action.total, action.dueDate), route: 'orderHistory', link: C.seeOrder };
  }
}

const keyOf = (action: OverviewAction) => (action.kind === 'cardExpiring' ? action.kind : `${action.kind}-${action.historyId}`);

/** The things to do first, above everything else on my page, each with its link to act. */
export function OverviewActions({ actions }: { actions: OverviewAction[] }) {
  const t = useT();
  if (actions.length === 0) return null;
  return (
    <section className="overview-actions" aria-labelledby="overview-actions-title">
      <h3 id="overview-actions-title" className="overview-actions-title">{t(C.actionsTitle)}</h3>
      <ul className="overview-action-list">
        {actions.map((action) => {
          const { text, route, link } = actionOf(action);
          return (
            <li key={keyOf(action)} className="overview-action" data-kind={action.kind}>
              <p>{t(text)}</p>
              <Link className="button overview-act" to={href(route)}>{t(link)}</Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
