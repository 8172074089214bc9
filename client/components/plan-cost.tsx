import { Fragment } from 'react';
import { formatNumber, formatPreTaxNote } from '../../shared/format.ts';
import { deferredNoteText, roundLabel, type RoundPrice } from '../../shared/price-display.ts';
import { useConfig } from '../config.tsx';
import { useLang, useT } from '../lang.tsx';
import { Price } from './price.tsx';
import { PriceText } from './price-text.tsx';

/**
 * What one delivery really costs, as the headline of a plan (issue 18): the round's total with tax
 * and shipping, the breakdown beneath it, and what paying later (GMOAB) would add. Every figure
 * comes from shared/price-display.ts, the rule checkout charges by, so the card and the bill
 * cannot disagree.
 */
export function PlanCost({ price }: { price: RoundPrice }) {
  const t = useT();
  // What paying later would add is said only while the shop offers it (DEFERRED_PAYMENT).
  const note = useConfig().deferredPayment ? deferredNoteText(price) : null;
  return (
    <div className="plan-cost">
      <p className="plan-cost-total">
        <span className="plan-cost-label">{t(roundLabel(price))}</span>{' '}
        <strong className="plan-cost-amount"><Price price={price} /></strong>
      </p>
      <PriceBreakdown price={price} />
      {price.saving ? <p className="plan-cost-saving"><PriceText text={t(price.saving)} /></p> : null}
      {note ? <p className="plan-cost-note"><PriceText text={t(note)} /></p> : null}
    </div>
  );
}

/** 「商品 ¥3,300（税抜 ¥3,000）＋ 送料（1回分） ¥660」 */
export function PriceBreakdown({ price }: { price: RoundPrice }) {
  const t = useT();
  const { english } = useLang();
  return (
    <p className="plan-cost-breakdown">
      {price.lines.map((line, i) => (
        // Each amount stays with its label (PriceText); a narrow card breaks the line between the parts.
        <Fragment key={i}>
          {i > 0 ? (english ? ' + ' : ' ＋ ') : null}
          <span className="plan-cost-line"><PriceText text={`${t(line.label)} ¥${formatNumber(line.amount)}`} /></span>
          {line.preTax === undefined ? null : <span className="price-pretax"><PriceText text={`${english ? ' ' : ''}${formatPreTaxNote(line.preTax, english)}`} /></span>}
        </Fragment>
      ))}
    </p>
  );
}
