import { useSearchParams } from 'react-router';
import { AUTH_OUTCOME_TEXT, parseAuthOutcome } from '../../../shared/charge-authentication.ts';
import { parseShopperPayOutcome, SHOPPER_PAY_OUTCOME_TEXT } from '../../../shared/shopper-round.ts';
import { useT } from '../../lang.tsx';

/**
 * The outcome of a charge's authentication, carried by `?auth=` of the redirect back from the
 * provider's page (api/charge-authentication/charge-authentication.router.ts). Only known keys are shown.
 */
export function AuthNotice() {
  const [params] = useSearchParams();
  const t = useT();
  const outcome = parseAuthOutcome(params.get('auth'));
  if (!outcome) return null;
  const failed = outcome === 'failed';
  return (
    <p className={failed ? 'form-error' : 'flash-notice'} role={failed ? 'alert' : 'status'} data-auth={outcome}>
      {t(AUTH_OUTCOME_TEXT[outcome])}
    </p>
  );
}

/** How the payment of a round the fan pays herself went (`?round=`, the return from PayPay; issue 34). */
export function ShopperPayNotice() {
  const [params] = useSearchParams();
  const t = useT();
  const outcome = parseShopperPayOutcome(params.get('round'));
  if (!outcome) return null;
  const failed = outcome === 'failed';
  return (
    <p className={failed ? 'form-error' : 'flash-notice'} role={failed ? 'alert' : 'status'} data-round={outcome}>
      {t(SHOPPER_PAY_OUTCOME_TEXT[outcome])}
    </p>
  );
}
