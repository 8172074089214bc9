import { formatPrice, formatNumber } from '../../shared/format.ts';
import { roundCharge } from '../../shared/money.ts';
import { useLang, useT } from '../lang.tsx';

/**
 * What one delivery really costs: the plan price plus shipping (once per round), and the extra
 * fee when paying later (GMOAB). The sums come from shared/money.ts `roundCharge`, the same rule
 * checkout charges by, so the card and the bill cannot disagree.
 */
export function PlanCost({ plan }: { plan: { price: number; preTaxPrice: number } }) {
  const { english } = useLang();
  const t = useT();
  const now = new Date();
  const card = roundCharge(plan, 1, false, now);
  const deferredFee = roundCharge(plan, 1, true, now).fee;
  const yen = (value: number) => `¥${formatNumber(value)}`;
  return (
    <div className="plan-cost">
      <p className="plan-cost-total">
        <span className="plan-cost-label">{t({ ja: '1回のお届け', en: 'Per delivery' })}</span>{' '}
        <strong className="plan-cost-amount">{formatPrice(card.total, english)}</strong>
      </p>
      <p className="plan-cost-breakdown">
        {t({
          ja: `商品 ${yen(card.price)} ＋ 送料 ${yen(card.shipFee)}`,
          en: `Box ${yen(card.price)} + shipping ${yen(card.shipFee)}`,
        })}
      </p>
      <p className="plan-cost-note">
        {t({
          ja: `後払い（GMO後払い）は手数料 ${yen(deferredFee)} が加わります`,
          en: `Paying later (GMO deferred payment) adds a ${yen(deferredFee)} fee`,
        })}
      </p>
    </div>
  );
}
