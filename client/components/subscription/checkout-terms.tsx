import type { Order } from '../../../shared/api/types.ts';
import { formatDate, formatPrice } from '../../../shared/format.ts';
import type { RoundCharge } from '../../../shared/money.ts';
import {
  CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, ROUND_RULE_TEXT, deadlineLabel, issueLabel, issueLabelCapitalised,
} from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';

const COPY = {
  quantity: { ja: '数量', en: 'Quantity' },
  price: { ja: '1回あたりのお支払い金額', en: 'Price per round' },
  breakdown: { ja: '内訳', en: 'Breakdown' },
  plan: { ja: 'プラン代金', en: 'Plan' },
  shipping: { ja: '送料（1回分）', en: 'Shipping (per round)' },
  fee: { ja: '後払い手数料', en: 'Deferred-payment fee' },
  charged: { ja: '決済の時期', en: 'When each round is charged' },
  ships: { ja: '発送の時期', en: 'When it ships' },
  period: { ja: '申込期間', en: 'Application period' },
  cancel: { ja: '解約方法', en: 'How to cancel' },
  boxes: { ja: '個', en: 'box(es)' },
} as const satisfies Record<string, Text>;

function shipText(round: Order, months: number): Text {
  const issue = issueLabel(round);
  const every: Text = months === 1 ? { ja: '以降は毎月発送します。', en: 'Later rounds ship every month.' }
    : { ja: `以降は${months}か月ごとに発送します。`, en: `Later rounds ship every ${months} months.` };
  return {
    ja: `${issue.ja}は${formatDate(round.shipDate)}ごろ発送予定です。${every.ja}`,
    en: `${issueLabelCapitalised(round).en} ships around ${formatDate(round.shipDate)}. ${every.en}`,
  };
}

/**
 * The six items the 2022 amendment of the Specified Commercial Transactions Act requires on the
 * final confirmation screen of a subscription: quantity, price (with shipping and fee), when it
 * is charged, when it ships, the application period and how to cancel.
 */
export function CheckoutTerms({ count, money, round, period }: { count: number; money: RoundCharge; round: Order; period: number }) {
  const t = useT();
  const { english } = useLang();
  const deadline = deadlineLabel(round);
  return (
    <dl className="checkout-terms">
      <dt>{t(COPY.quantity)}</dt>
      <dd>{count} {t(COPY.boxes)}</dd>
      <dt>{t(COPY.price)}</dt>
      <dd>
        <strong className="checkout-total">{formatPrice(money.total, english)}</strong>
        <ul className="checkout-breakdown" aria-label={t(COPY.breakdown)}>
          <li>{t(COPY.plan)} × {count}: {formatPrice(money.price, english)}</li>
          <li>{t(COPY.shipping)}: {formatPrice(money.shipFee, english)}</li>
          {money.fee > 0 ? <li>{t(COPY.fee)}: {formatPrice(money.fee, english)}</li> : null}
        </ul>
      </dd>
      <dt>{t(COPY.charged)}</dt>
      <dd>{t(CHARGE_TIMING_TEXT)}</dd>
      <dt>{t(COPY.ships)}</dt>
      <dd>{t(shipText(round, period))}</dd>
      <dt>{t(COPY.period)}</dt>
      <dd>{t({ ja: `${issueLabel(round).ja}のお申し込みは${deadline.ja}`, en: `Applications for ${issueLabel(round).en} are open ${deadline.en}` })}</dd>
      <dt>{t(COPY.cancel)}</dt>
      <dd>{t(HOW_TO_CANCEL_TEXT)} {t(ROUND_RULE_TEXT)}</dd>
    </dl>
  );
}
