import { Fragment } from 'react';
import { gluePrices } from '../../shared/price-glue.ts';

/**
 * A sentence or label with prices in it, each price kept on one line with its neighbour
 * (shared/price-glue.ts; `.glued` in base.css), so a narrow column never leaves 「¥660」 alone.
 */
export function PriceText({ text }: { text: string }) {
  const pieces = gluePrices(text);
  if (!pieces.some((piece) => piece.glued)) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, i) => (piece.glued ? <span key={i} className="glued">{piece.text}</span> : <Fragment key={i}>{piece.text}</Fragment>))}
    </>
  );
}
