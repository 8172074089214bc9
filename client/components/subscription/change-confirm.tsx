import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import type { UserPlan } from '../../../shared/api/types.ts';
import { formatDate } from '../../../shared/format.ts';
import { href } from '../../../shared/routes.ts';
import { issueLabel, refundsCheckoutCharge, ROUND_RULE_TEXT, undoUntilLabel, type RoundTimes } from '../../../shared/subscription-rules.ts';
import { checkoutRefundText } from '../../../shared/subscription-messages.ts';
import type { Text } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { CatalogueText } from '../catalogue-text.tsx';
import { FormError } from '../form/form-message.tsx';

export type ConfirmKind = 'skip' | 'pause' | 'cancel';

export const CONFIRM_TITLES: Record<ConfirmKind, Text> = {
  skip: { ja: 'スキップの確認', en: 'Skip a round?' },
  pause: { ja: '休止の確認', en: 'Pause the plan?' },
  cancel: { ja: 'プランの解約', en: 'Cancel a plan' },
};

const KEEP: Record<ConfirmKind, Text> = {
  skip: { ja: 'スキップせずに戻る', en: 'Keep the round and go back' },
  pause: { ja: '休止せずに戻る', en: 'Keep the plan running and go back' },
  cancel: { ja: '解約せずに戻る', en: 'Keep the plan and go back' },
};

const NOT_UNDOABLE: Text = {
  ja: '解約は取り消せません。また受け取るには、もう一度お申し込みください。',
  en: 'A cancellation cannot be undone. To receive boxes again, subscribe again.',
};

/** What the change does to which round, in the round's own words (「12月号」). */
function effectText(kind: ConfirmKind, round: RoundTimes | null): Text {
  if (!round) return { ja: '次回以降のお届けと決済はありません。', en: 'No later box is sent or charged.' };
  const issue = issueLabel(round);
  if (kind === 'skip') {
    return { ja: `${issue.ja}（${formatDate(round.shipDate)}ごろ発送予定）をお届けせず、決済もしません。次の回からは通常どおりお届けします。`,
      en: `The ${issue.en} (shipping around ${formatDate(round.shipDate)}) is not sent nor charged. Boxes continue from the round after it.` };
  }
  if (kind === 'pause') {
    return { ja: `${issue.ja}から、再開するまでお届けと決済を止めます。再開はプラン管理の「再開する」からいつでもできます。`,
      en: `From the ${issue.en}, no box is sent or charged until you resume, which you can do at any time under "My plans".` };
  }
  return { ja: `解約すると、${issue.ja}からお届けしません（${issue.ja}を含め以降の決済はありません）。`, en: `If you cancel, no box is sent from the ${issue.en} on (no charge for it or later rounds).` };
}

function refundText(userPlan: UserPlan): Text | null {
  const round = userPlan.nextRound;
  const paid = userPlan.nextRoundPayment;
  if (!round || !paid || !refundsCheckoutCharge(round, userPlan.nextRoundPaymentStatus, new Date())) return null;
  return checkoutRefundText({ total: paid.refund, method: paid.method, keptShipping: paid.keptShipping }, issueLabel(round));
}

/** Focus moves into the page when it opens by client navigation; Esc goes back to My plans. */
function useConfirmFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    // 'default' is the first page of a full load: there the browser's own focus order stands.
    if (key !== 'default') heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) void navigate(href('plan'));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [key, navigate]);
  return heading;
}

export const CANCEL_CONFIRM: Text = { ja: '解約する', en: 'Cancel the plan' };

/**
 * The confirmation of a change that costs a box (skip, pause, cancel): the round, the refund if
 * any, and until when it can be taken back, then a form posting to the page's own action.
 */
export function ChangeConfirm({ kind, userPlan, error, children }: { kind: ConfirmKind; userPlan: UserPlan; error?: Text | undefined; children?: ReactNode }) {
  const t = useT();
  const { english } = useLang();
  const heading = useConfirmFocus();
  const round = userPlan.nextRound;
  const refund = refundText(userPlan);
  const confirm: Text = kind === 'skip' && round
    ? { ja: `${issueLabel(round).ja}をスキップする`, en: `Skip the ${issueLabel(round).en}` }
    : { skip: { ja: 'スキップする', en: 'Skip' }, pause: { ja: '休止する', en: 'Pause' }, cancel: CANCEL_CONFIRM }[kind];
  return (
    <>
      <h1 className="page-title" ref={heading} tabIndex={-1}>{t(CONFIRM_TITLES[kind])}</h1>
      <div className="account-card change-confirm">
        <p><strong>{userPlan.artist.name}{english ? ' — ' : '「'}<CatalogueText ja={userPlan.plan.name} en={userPlan.plan.nameEn} />{english ? '' : '」'}</strong> × {userPlan.count}</p>
        <p>{t(effectText(kind, round))}</p>
        {refund ? <p className="change-confirm-refund">{t(refund)}</p> : null}
        {kind === 'cancel' ? <p>{t(NOT_UNDOABLE)}</p> : null}
        {kind !== 'cancel' && round ? (
          <p className="change-confirm-undo"><strong>{t(undoUntilLabel(round))}</strong>{t({
            ja: '（プラン管理の「取り消す」から）。それ以降は取り消せません。',
            en: ' (press "Undo" under "My plans"). After the deadline it stands.',
          })}</p>
        ) : null}
        {/* On the cancel page the general rule follows the form: the button comes first (issue 32). */}
        {children ? null : <p className="profile-note">{t(ROUND_RULE_TEXT)}</p>}
        {error ? <FormError text={error} /> : null}
        {/* The cancel page brings its own form: the optional question, the button, then the offers. */}
        {children ?? (
          <Form method="post">
            <button type="submit" className="button button-danger">{t(confirm)}</button>
          </Form>
        )}
        <p className="form-links"><Link to={href('plan')}>{t(KEEP[kind])}</Link></p>
        {children ? <p className="profile-note">{t(ROUND_RULE_TEXT)}</p> : null}
      </div>
    </>
  );
}
