import { formatPeriod, formatPreTaxNote, formatPrice } from '../../shared/format.ts';
import { useLang } from '../lang.tsx';

/**
 * `¥3,300（税込）／月` with the pre-tax amount beside it, as the spec shows both. The cycle is
 * kept on the price's line (no break between them); the pre-tax note may wrap below.
 */
export function Price({ price, preTaxPrice, period }: { price: number; preTaxPrice: number; period?: number }) {
  const { english } = useLang();
  return (
    <span className="price">
      <span className="price-main">
        {formatPrice(price, english)}
        {period === undefined ? null : <span className="price-period">{formatPeriod(period, english)}</span>}
      </span>{' '}
      <span className="price-pretax">{formatPreTaxNote(preTaxPrice, english)}</span>
    </span>
  );
}
