import { BOXES, countText } from '../../../shared/counts.ts';
import type { Order } from '../../../shared/api/types.ts';
import { formatDate } from '../../../shared/format.ts';
import type { RoundPrice } from '../../../shared/price-display.ts';
import { RETURNS_POLICY_HEADING, returnsPolicyText } from '../../../shared/returns-policy.ts';
import {
  CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, ROUND_RULE_TEXT, deadlineTimeLabel, issueLabel,
} from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { CONSOLIDATION_CHECKOUT_NOTE } from '../../../shared/parcel.ts';
import { useConfig } from '../../config.tsx';
import { useT } from '../../lang.tsx';
import { PlanCost } from '../plan-cost.tsx';

const COPY = {
  quantity: { ja: '数量', en: 'Quantity' },
  price: { ja: '1回あたりのお支払い金額', en: 'Price per round' },
  charged: { ja: '決済の時期', en: 'When each round is charged' },
  ships: { ja: '発送の時期', en: 'When it ships' },
  period: { ja: '申込期間', en: 'Application period' },
  cancel: { ja: '解約方法', en: 'How to cancel' },
} as const satisfies Record<string, Text>;

function shipText(round: Order, months: number): Text {
  const issue = issueLabel(round);
  const every: Text = months === 1 ? { ja: '以降は毎月発送します。', en: 'Later rounds ship every month.' }
    : { ja: `以降は${months}か月ごとに発送します。`, en: `Later rounds ship every ${months} months.` };
  return {
    ja: `${issue.ja}は${formatDate(round.shipDate)}ごろ発送予定です。${every.ja}`,
    en: `The ${issue.en} ships around ${formatDate(round.shipDate)}. ${every.en}`,
  };
}

/**
 * The items the 2022 amendment of the Specified Commercial Transactions Act requires on the
 * final confirmation screen of a subscription: quantity, price (with shipping and fee), when it
 * is charged, when it ships, the application period, and how to cancel or withdraw, returns
 * included (特商法 第12条の6).
 */
/** `timing`: when each round is paid, when not charged at the deadline (a fan paying each round herself). */
export function CheckoutTerms({ count, price, round, timing }: { count: number; price: RoundPrice; round: Order; timing?: Text | undefined }) {
  const t = useT();
  const { company } = useConfig();
  const deadline = deadlineTimeLabel(round);
  return (
    <dl className="checkout-terms">
      <dt>{t(COPY.quantity)}</dt>
      <dd>{t(countText(count, BOXES))}</dd>
      <dt>{t(COPY.price)}</dt>
      {/* Read out when the quantity select changes it (issue 30). */}
      <dd className="checkout-total" aria-live="polite">
        <PlanCost price={price} />
        {price.saving ? <p className="checkout-parcel-note">{t(CONSOLIDATION_CHECKOUT_NOTE)}</p> : null}
      </dd>
      <dt>{t(COPY.charged)}</dt>
      <dd>{t(timing ?? CHARGE_TIMING_TEXT)}</dd>
      <dt>{t(COPY.ships)}</dt>
      <dd>{t(shipText(round, price.period))}</dd>
      <dt>{t(COPY.period)}</dt>
      <dd>{t({ ja: `${issueLabel(round).ja}のお申し込みは${deadline.ja}まで`, en: `Applications for the ${issueLabel(round).en} are open until ${deadline.en}` })}</dd>
      <dt>{t(COPY.cancel)}</dt>
      <dd>{t(HOW_TO_CANCEL_TEXT)} {t(ROUND_RULE_TEXT)}</dd>
      <dt>{t(RETURNS_POLICY_HEADING)}</dt>
      <dd className="checkout-returns">{t(returnsPolicyText(company.email))}</dd>
    </dl>
  );
}
