import { Form } from 'react-router';
import type { CreditInfo } from '../../../shared/api/types.ts';
import type { PaymentMethod } from '../../../shared/payment.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PAYMENT_COPY as C } from './payment-copy.ts';

/** The registered card (brand, •••• last 4, expiry) and the way to the provider's card page. */
export function CardSection({ card, method, error }: { card: CreditInfo; method: PaymentMethod; error?: Text | undefined }) {
  const t = useT();
  return (
    <section className="payment-option" aria-labelledby="payment-card-heading">
      <h2 id="payment-card-heading">
        {t(C.cardHeading)}
        {method === 'CARD' ? <span className="payment-badge">{t(C.inUse)}</span> : null}
      </h2>
      {card.registered ? (
        <p className="payment-card">
          <span>{card.cardBrand}</span>{' '}
          <span><span className="visually-hidden">{t(C.last4)}</span>•••• {card.cardLast4}</span>{' '}
          <span>{t(C.expiry)} {card.expiry}</span>
        </p>
      ) : (
        <p>{t(C.cardNone)}</p>
      )}
      <p className="payment-note">{t(C.cardNote)}</p>
      {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
      <div className="payment-actions">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="card" />
          <button type="submit" className="button button-primary">{t(card.registered ? C.changeCard : C.registerCard)}</button>
        </Form>
        {card.registered && method !== 'CARD' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="useCard" />
            <button type="submit" className="button">{t(C.useCard)}</button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
