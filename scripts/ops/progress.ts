import type { BillingProgress } from '../../api/billing/run-billing.ts';

/** A progress bar with rate and ETA on a terminal (stderr); nothing otherwise. */
export function progressPrinter(stream: NodeJS.WriteStream): (p: BillingProgress) => void {
  if (!stream.isTTY) return () => {};
  const started = Date.now();
  let shown = 0;
  return ({ total, done }) => {
    if (done < total && Date.now() - shown < 200) return; // a terminal redraw at most 5 times a second
    shown = Date.now();
    const width = 30;
    const share = total === 0 ? 1 : Math.min(done / total, 1);
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
    const bar = '#'.repeat(Math.round(share * width)).padEnd(width, '-');
    stream.write(`\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')}  ${rate.toFixed(0)}/s  ETA ${eta}s `);
    if (done >= total) stream.write('\n');
  };
}
