import { useEffect, useState } from 'react';
import { useT } from '../../lang.tsx';
import { RECEIPT_COPY as C } from './receipt-copy.ts';

/**
 * 「印刷する」 calls the browser's print dialog, so it appears only once the script runs; without
 * JavaScript the hint says to use the browser's own print command (the print stylesheet is the same).
 */
export function PrintButton() {
  const t = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <p className="receipt-print">
      {ready ? <button type="button" className="button button-primary" onClick={() => window.print()}>{t(C.print)}</button> : null}
      <span className="receipt-print-hint">{t(C.printHint)}</span>
    </p>
  );
}
