import { Form } from 'react-router';
import type { PaymentMethod } from '../../../shared/payment.ts';
import { SHOPPER_METHOD_OF, SHOPPER_PAYMENT_METHODS, SHOPPER_PAYMENT_METHOD_TEXTS } from '../../../shared/shopper-payment.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PAYMENT_COPY as C } from './payment-copy.ts';

/**
 * Paying each round herself (issue 34): 「毎回コンビニで支払う」 and 「毎回PayPayで支払う」, each with
 * what it means, chosen by a plain form (intent konbini / paypay). No card is needed.
 */
export function ShopperSection({ method, error }: { method: PaymentMethod; error?: Text | undefined }) {
  const t = useT();
  return (
    <section className="payment-option" aria-labelledby="payment-shopper-heading">
      <h2 id="payment-shopper-heading">{t(C.shopperHeading)}</h2>
      <p>{t(C.shopperLead)}</p>
      {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
      {SHOPPER_PAYMENT_METHODS.map((shopper) => {
        const texts = SHOPPER_PAYMENT_METHOD_TEXTS[shopper];
        const inUse = method === SHOPPER_METHOD_OF[shopper];
        return (
          <div key={shopper} className="payment-shopper-choice" data-testid={`shopper-${shopper}`}>
            <h3 id={`payment-${shopper}-heading`}>
              {t(texts.label)}
              {inUse ? <span className="payment-badge">{t(C.inUse)}</span> : null}
            </h3>
            <p id={`payment-${shopper}-means`}>{t(texts.means)}</p>
            {inUse ? null : (
              <Form method="post" className="payment-actions">
                <input type="hidden" name="intent" value={shopper} />
                <button type="submit" className="button" aria-describedby={`payment-${shopper}-means`}>{t(texts.label)}</button>
              </Form>
            )}
          </div>
        );
      })}
    </section>
  );
}
