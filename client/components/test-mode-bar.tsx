import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';

/**
 * While the sandbox takes the payments (PAYMENT_PROVIDER=sandbox), every page says so, as real
 * gateways' test modes do, so nobody mistakes the demo for a live shop.
 */
export function TestModeBar() {
  const { paymentTestMode } = useConfig();
  const t = useT();
  if (!paymentTestMode) return null;
  return (
    <p className="test-mode-bar" role="note">
      <strong>{t({ ja: 'テストモード', en: 'Test mode' })}</strong>{' '}
      {t({ ja: '決済はテスト用です。実際の請求は発生しません。', en: 'Payments are simulated; nothing is really charged.' })}
    </p>
  );
}
