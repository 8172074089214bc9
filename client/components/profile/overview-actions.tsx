import { Form, Link } from 'react-router';
import type { OverviewAction } from '../../../shared/api/overview.ts';
import { href } from '../../../shared/routes.ts';
import { SHOPPER_ROUND_TEXTS, shopperRoundActionText } from '../../../shared/shopper-round.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PriceText } from '../price-text.tsx';
import { cardExpiringText, cardText, chargeFailedText, chargeNeedsAuthenticationText, deferredInvoiceText, OVERVIEW_COPY as C } from './overview-copy.ts';

type ActionRoute = 'profilePayment' | 'orderHistory';
/** A link to the page to act on, or a form posted to my page's own action (works without JavaScript). */
type ActDef = { text: Text; link: Text } & ({ route: ActionRoute } | { intent: 'authenticate'; historyId: number } | { intent: 'payRound'; requestId: number });

/** What each kind of action says, and where the shopper acts on it. */
function actionOf(action: OverviewAction): ActDef {
  switch (action.kind) {
    case 'chargeFailed':
      return { text: chargeFailedText(action.label, action.artistName, action.total, action.nextAttemptAt, action.shipDate), route: 'profilePayment', link: C.payNow };
    case 'chargeNeedsAuthentication':
      return { text: chargeNeedsAuthenticationText(action.label, action.artistName, action.total, action.until), intent: 'authenticate', historyId: action.historyId, link: C.authenticate };
    case 'cardExpiring':
      return { text: cardExpiringText(cardText(action.brand, action.last4), action.expiry, action.expired), route: 'profilePayment', link: C.renewCard };
    case 'shopperRound':
      return { text: shopperRoundActionText(action.label, action.artistName, action.total, action.payBy, action.method), intent: 'payRound', requestId: action.requestId, link: SHOPPER_ROUND_TEXTS.payButton };
    case 'deferredInvoice':
      return { text: deferredInvoiceText(action.label, action.artistName, action.total, action.dueDate), route: 'orderHistory', link: C.seeOrder };
  }
}

function keyOf(action: OverviewAction): string {
  if (action.kind === 'cardExpiring') return action.kind;
  return action.kind === 'shopperRound' ? `${action.kind}-${action.requestId}` : `${action.kind}-${action.historyId}`;
}

function Act({ def }: { def: ActDef }) {
  const t = useT();
  if ('route' in def) return <Link className="button overview-act" to={href(def.route)}>{t(def.link)}</Link>;
  return (
    <Form method="post" className="overview-act-form">
      {def.intent === 'payRound'
        ? <input type="hidden" name="requestId" value={def.requestId} />
        : <input type="hidden" name="historyId" value={def.historyId} />}
      <button type="submit" name="intent" value={def.intent} className="button overview-act">{t(def.link)}</button>
    </Form>
  );
}

/** The things to do first, above everything else on my page, each with its link or button to act. */
export function OverviewActions({ actions, error }: { actions: OverviewAction[]; error?: Text | null }) {
  const t = useT();
  if (actions.length === 0 && !error) return null;
  return (
    <section className="overview-actions" aria-labelledby="overview-actions-title">
      <h3 id="overview-actions-title" className="overview-actions-title">{t(C.actionsTitle)}</h3>
      {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
      <ul className="overview-action-list">
        {actions.map((action) => {
          const def = actionOf(action);
          return (
            <li key={keyOf(action)} className="overview-action" data-kind={action.kind}>
              <p><PriceText text={t(def.text)} /></p>
              <Act def={def} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
