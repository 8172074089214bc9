import { useSearchParams } from 'react-router';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/payment.ts';
import { changeMoneyTexts } from '../../../shared/price-display.ts';
import { href } from '../../../shared/routes.ts';
import { fromIssueKey } from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PriceText } from '../price-text.tsx';

/** What each change says after the redirect; the round comes from `from` (an issueKey). */
const PLAN_NOTICES = {
  change: { ja: 'プランを変更しました', en: 'Your plan was changed' },
  skip: { ja: 'スキップを受け付けました', en: 'The round is skipped' },
  pause: { ja: '休止しました', en: 'Your plan is paused' },
  resume: { ja: '再開しました', en: 'Your plan is resumed' },
  cancel: { ja: '解約しました', en: 'Your plan was cancelled' },
  undoSkip: { ja: 'スキップを取り消しました', en: 'The skip is undone' },
  undoPause: { ja: '休止を取り消しました', en: 'The pause is undone' },
} as const satisfies Record<string, Text>;

type MoneyMove = { total: number; method: PaymentMethod };

/** `CARD-3960`: a charge or refund the notice names, as the change's answer gave it. */
const moveParam = (move: MoneyMove) => `${move.method}-${move.total}`;

function moveOf(value: string | null): MoneyMove | null {
  const match = /^([A-Z]+)-(\d{1,9})$/.exec(value ?? '');
  if (!match?.[1] || !match[2] || !(PAYMENT_METHODS as readonly string[]).includes(match[1])) return null;
  return { method: match[1] as PaymentMethod, total: Number(match[2]) };
}

/** My plans after a change; a tier or count change on a paid round also names what it charged and refunded. */
export function planNoticePath(kind: keyof typeof PLAN_NOTICES, from: string, money?: { charge?: MoneyMove | null; refund?: MoneyMove | null }): string {
  const charged = money?.charge ? `&charged=${moveParam(money.charge)}` : '';
  const refunded = money?.refund ? `&refunded=${moveParam(money.refund)}` : '';
  return `${href('plan')}?done=${kind}&from=${from}${refunded}${charged}`;
}

/** The notice after a change, naming the round it applies from (only known keys are shown). */
export function PlanDoneNotice() {
  const [params] = useSearchParams();
  const t = useT();
  const kind = params.get('done');
  const from = fromIssueKey(params.get('from'));
  if (!kind || !Object.hasOwn(PLAN_NOTICES, kind) || !from) return null;
  const text = PLAN_NOTICES[kind as keyof typeof PLAN_NOTICES];
  const money = kind === 'change' ? changeMoneyTexts({ charge: moveOf(params.get('charged')), refund: moveOf(params.get('refunded')) }) : null;
  const moves = [money?.refund, money?.charge].filter((line) => line != null);
  return (
    <p className="flash-notice" role="status">
      {t({ ja: `${text.ja}（${from.ja}反映）`, en: `${text.en} (${from.en}).` })}
      {moves.map((line) => <span key={line.ja}><br /><PriceText text={t(line)} /></span>)}
    </p>
  );
}

