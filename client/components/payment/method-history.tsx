import type { PaymentMethodHistory } from '../../../shared/api/types.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { useT } from '../../lang.tsx';
import { PAYMENT_COPY as C } from './payment-copy.ts';

/** Every change of method, newest first (GET /api/paymentMethodHistory). */
export function MethodHistory({ rows }: { rows: PaymentMethodHistory[] }) {
  const t = useT();
  return (
    <section className="payment-history" aria-labelledby="payment-history-heading">
      <h2 id="payment-history-heading">{t(C.historyHeading)}</h2>
      {rows.length === 0 ? <p>{t(C.historyNone)}</p> : (
        <table>
          <thead>
            <tr><th scope="col">{t(C.historyDate)}</th><th scope="col">{t(C.historyMethod)}</th><th scope="col">{t(C.historyCard)}</th></tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={`${row.updatedAt}-${i}`}>
                <td>{formatDateTime(row.updatedAt)}</td>
                <td>{t(PAYMENT_METHOD_LABELS[row.paymentMethod])}</td>
                <td>{row.cardLast4 ? `${row.cardBrand ?? ''} •••• ${row.cardLast4}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
