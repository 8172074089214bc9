import { useConfig } from '../config.tsx';
import type { Text } from '../../shared/text.ts';
import { useT } from '../lang.tsx';

const TEST_MODE: Text = { ja: 'テストモード', en: 'Test mode' };

/**
 * While the sandbox takes the payments (PAYMENT_PROVIDER=sandbox), every page says so, as real
 * gateways' test modes do, so nobody mistakes the demo for a live shop. A labelled <section> is
 * a landmark of its own (a wrapper would end its `position: sticky`), so landmark navigation
 * reaches the notice too.
 */
export function TestModeBar() {
  const { paymentTestMode } = useConfig();
  const t = useT();
  if (!paymentTestMode) return null;
  return (
    <section className="test-mode-bar" aria-label={t(TEST_MODE)}>
      <strong>{t(TEST_MODE)}</strong>{' '}
      {/* The bar is one line tall; a phone gets the short sentence rather than a cut-off long one. */}
      <span className="test-mode-long">{t({ ja: '決済はテスト用です。実際の請求は発生しません。', en: 'Payments are simulated; nothing is really charged.' })}</span>
      <span className="test-mode-short">{t({ ja: '実際の請求は発生しません。', en: 'Nothing is really charged.' })}</span>
    </section>
  );
}
