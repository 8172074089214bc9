import type { Receipt } from '../../../shared/api/types.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { PARCEL_FEE_LABEL } from '../../../shared/parcel-display.ts';
import { useConfig } from '../../config.tsx';
import { useT } from '../../lang.tsx';
import { useMarkedT } from '../japanese-runs.tsx';
import { RECEIPT_COPY as C, taxLine } from './receipt-copy.ts';

const yen = (n: number) => `¥${formatNumber(n)}`;

/**
 * The receipt as printed on A4: what a qualified invoice states (issuer and registration number,
 * transaction date, what was sold, the amount per tax rate and its tax, the addressee).
 */
export function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const markedT = useMarkedT();
  const { invoiceIssuer } = useConfig();
  return (
    <article className="receipt-sheet" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <h2 id="receipt-title" className="receipt-title">{t(C.title)}</h2>
        {receipt.reissued ? <p className="receipt-reissued">{t(C.reissued)}</p> : null}
        <dl className="receipt-meta">
          <div><dt>{t(C.number)}</dt><dd>{receipt.number}</dd></div>
          <div><dt>{t(C.orderNumber)}</dt><dd>{receipt.historyId}</dd></div>
          <div><dt>{t(C.issuedAt)}</dt><dd>{formatDate(receipt.issuedAt)}</dd></div>
        </dl>
      </header>
      <p className="receipt-addressee"><span>{receipt.addressee}</span> {t(C.honorific)}</p>
      <p className="receipt-amount">
        <span className="receipt-amount-label">{t(C.amount)}</span>
        <strong>{yen(receipt.total)}-</strong>{t(C.taxIncluded)}
      </p>
      <p className="receipt-description">{t(C.description)} {markedT(receipt.description)}</p>
      <p>{t(C.received)}</p>
      <dl className="receipt-details">
        <div><dt>{t(C.transactionDate)}</dt><dd>{formatDate(receipt.paidAt)}</dd></div>
        <div><dt>{t(C.method)}</dt><dd>{t(PAYMENT_METHOD_LABELS[receipt.paymentMethod])}</dd></div>
        <div><dt>{t(C.breakdown)}</dt><dd>{t(taxLine(receipt.tax.ratePercent, yen(receipt.tax.taxableAmount), yen(receipt.tax.tax)))}</dd></div>
        {receipt.parcel ? <div><dt>{t(C.parcel)}</dt><dd data-testid="receipt-parcel">{t(receipt.parcel.line)}</dd></div> : null}
        {receipt.parcel?.carriesFee ? <div><dt>{t(C.shipping)}</dt><dd>{t(PARCEL_FEE_LABEL)}</dd></div> : null}
        {receipt.parcel?.feePaidWith ? <div><dt>{t(C.shipping)}</dt><dd>{t(receipt.parcel.feePaidWith)}</dd></div> : null}
      </dl>
      <address className="receipt-issuer">
        <span className="receipt-issuer-label">{t(C.issuer)}</span>
        <span className="receipt-issuer-name">{invoiceIssuer.name}</span>
        <span>{invoiceIssuer.address}</span>
        <span>{t(C.registration)}: {invoiceIssuer.registrationNumber}</span>
      </address>
    </article>
  );
}
