import { Form } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PAYMENT_COPY as C } from './payment-copy.ts';

interface Props {
  conditions: Text[];
  inUse: boolean;
  minor: boolean;
  /** The API's refusal of the last try (screening, consent, profile). */
  error?: Text;
  consentError?: Text;
}

/** GMO deferred payment: docs/spec.md §9's conditions first, then the choice (a minor ticks consent). */
export function DeferredSection({ conditions, inUse, minor, error, consentError }: Props) {
  const t = useT();
  return (
    <section className="payment-option" aria-labelledby="payment-deferred-heading">
      <h2 id="payment-deferred-heading">
        {t(C.deferredHeading)}
        {inUse ? <span className="payment-badge">{t(C.inUse)}</span> : null}
      </h2>
      <p>{t(C.deferredLead)}</p>
      <ul className="payment-conditions">
        {conditions.map((line) => <li key={line.en}>{t(line)}</li>)}
      </ul>
      {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
      {inUse ? null : (
        <Form method="post" className="payment-actions">
          <input type="hidden" name="intent" value="gmoab" />
          {minor ? (
            <div className="payment-consent">
              <p>{t(C.minorNote)}</p>
              <label>
                <input type="checkbox" name="guardianConsent" required aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? 'guardianConsent-error' : undefined} />{' '}
                {t(C.guardianConsent)}
              </label>
              {consentError ? <p className="field-error" id="guardianConsent-error">{t(consentError)}</p> : null}
            </div>
          ) : null}
          <button type="submit" className="button">{t(C.useDeferred)}</button>
        </Form>
      )}
    </section>
  );
}
