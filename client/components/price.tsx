import { formatPreTaxPrice, formatPrice } from '../../shared/format.ts';
import { useLang } from '../lang.tsx';

/** `¥3,300（税込）` with the pre-tax amount beside it, as the spec shows both. */
export function Price({ price, preTaxPrice }: { price: number; preTaxPrice: number }) {
  const { english } = useLang();
  return (
    <span className="price">
      <span className="price-main">{formatPrice(price, english)}</span>{' '}
      <span className="price-pretax">（{formatPreTaxPrice(preTaxPrice, english)}）</span>
    </span>
  );
}
