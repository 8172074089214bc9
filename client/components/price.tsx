import { formatNumber } from '../../shared/format.ts';
import { TAX_AND_SHIPPING, perMonthText, type RoundPrice } from '../../shared/price-display.ts';
import { useLang, useT } from '../lang.tsx';

/**
 * The headline figure of a round: `¥3,960（税込・送料込）`, and for a plan of several months what
 * that comes to a month. Words and amounts come from shared/price-display.ts. In Japanese the
 * amount and 「（税込・送料込）」 stay on one line together (`.price`, storefront-cards.css), so the
 * amount never ends a line alone; the English note may wrap.
 */
export function Price({ price }: { price: RoundPrice }) {
  const t = useT();
  const { english } = useLang();
  const note = t(TAX_AND_SHIPPING);
  const month = perMonthText(price);
  return (
    <span className="price">
      <span className="price-main">{`¥${formatNumber(price.total)}`}</span>
      <span className="price-note">{english ? ` (${note})` : `（${note}）`}</span>
      {month ? <span className="price-month">{t(month)}</span> : null}
    </span>
  );
}
