import { Form, Link } from 'react-router';
import type { Plan, UserPlan } from '../../../shared/api/types.ts';
import { formatDate, formatDateTime, formatPrice, lastAcceptedMoment } from '../../../shared/format.ts';
import { isShopperRoundStatus, SHOPPER_ROUND_STATUS_TEXTS, SHOPPER_ROUND_TEXTS, type ShopperRoundView } from '../../../shared/shopper-round.ts';
import { paymentStatusLabel } from '../../../shared/payment.ts';
import { amountText, describeCharge, planRoundPrice, roundLabel } from '../../../shared/price-display.ts';
import { href } from '../../../shared/routes.ts';
import {
  canUndo, COUNT_LIMITS, deadlineTimeLabel, issueLabel, undoUntilLabel, type RoundTimes, type UndoableChange,
} from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { CatalogueText, useLocalize } from '../catalogue-text.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { JapaneseRuns } from '../japanese-runs.tsx';
import { NextRoundLine } from './next-round-line.tsx';
import { PriceBreakdown } from '../plan-cost.tsx';
import { Price } from '../price.tsx';

const COPY = {
  count: { ja: '数量', en: 'Quantity' },
  tier: { ja: 'プラン', en: 'Plan' },
  next: { ja: '次のお届け', en: 'Next box' },
  deadline: { ja: '申込締切', en: 'Order deadline' },
  none: { ja: '次の回は準備中です', en: 'The next round is not scheduled yet' },
  paused: { ja: '休止中', en: 'Paused' },
  skipped: { ja: 'スキップ済み', en: 'Skipped' },
  cancel: { ja: '解約する', en: 'Cancel this plan' },
  undo: { ja: '取り消す', en: 'Undo' },
} as const satisfies Record<string, Text>;

function withFrom(label: Text, action: Text): Text {
  return { ja: `${action.ja}（${label.ja}）`, en: `${action.en} (${label.en})` };
}

/**
 * One subscription on /mypage/plan: its next round, and each change labelled 「◯月号から」. Skip,
 * pause and cancel open their confirmation pages; a skip or pause can be undone here until its deadline.
 */
export function UserPlanCard({ userPlan, tiers, shopperRound }: { userPlan: UserPlan; tiers: Plan[]; shopperRound?: ShopperRoundView | undefined }) {
  const t = useT();
  const { english } = useLang();
  const localize = useLocalize();
  const { plan, artist, nextRound: round, appliesFrom } = userPlan;
  const status = userPlan.nextRoundPaymentStatus ? paymentStatusLabel(userPlan.nextRoundPaymentStatus, english) : '';
  const skipIssue = round ? issueLabel(round) : null;
  const price = describeCharge(userPlan.nextRoundCharge, { count: userPlan.count, period: plan.period });
  const deferred = userPlan.nextRoundCharge.fee > 0;
  return (
    <article className="user-plan" aria-labelledby={`user-plan-${userPlan.id}`}>
      <h2 id={`user-plan-${userPlan.id}`} className="user-plan-title"><JapaneseRuns text={artist.name} /> <CatalogueText className="user-plan-tier" ja={plan.name} en={plan.nameEn} /></h2>
      <dl className="user-plan-facts">
        <div><dt>{t(COPY.count)}</dt><dd>{userPlan.count}</dd></div>
        <div><dt>{t(roundLabel(price))}</dt><dd className="user-plan-price"><Price price={price} /><PriceBreakdown price={price} />{price.saving ? <p className="plan-cost-saving">{t(price.saving)}</p> : null}</dd></div>
        <div><dt>{t(COPY.next)}</dt><dd>
          {round ? t({ ja: `${issueLabel(round).ja}（${formatDate(round.shipDate)}）`, en: `${issueLabel(round).en} (${formatDate(round.shipDate)})` }) : t(COPY.none)}
          {userPlan.paused ? <strong className="user-plan-badge">{t(COPY.paused)}</strong> : null}
          {!userPlan.paused && userPlan.nextRoundSkipped ? <strong className="user-plan-badge">{t(COPY.skipped)}</strong> : null}
          {status ? <span className="user-plan-status">{status}</span> : null}
        </dd></div>
        {round ? <div><dt>{t(COPY.deadline)}</dt><dd>{t(deadlineTimeLabel(round))}</dd></div> : null}
        {shopperRound ? <ShopperRoundFact round={shopperRound} /> : null}
      </dl>
      {userPlan.nextBilledRound ? <NextRoundLine lead={{ ja: '次回の決済', en: 'Next charge' }} round={userPlan.nextBilledRound} /> : null}
      {/* A GET to the change's confirmation page (issue 30): what it charges and refunds, before it is made. */}
      <Form method="get" action={href('planChange', { slug: artist.slug, planId: plan.id })} className="user-plan-change">
        <label>{t(COPY.tier)}
          <select name="planId" defaultValue={String(plan.id)}>
            {tiers.map((tier) => {
              const name = localize(tier.name, tier.nameEn);
              return (
                <option key={tier.id} value={tier.id} lang={name.lang}>
                  {`${name.text}${english ? ': ' : '：'}${t(amountText(planRoundPrice(tier, { count: userPlan.count, deferred }).total))}`}
                </option>
              );
            })}
          </select>
        </label>
        <label>{t(COPY.count)}
          <select name="count" defaultValue={String(userPlan.count)}>
            {Array.from({ length: COUNT_LIMITS.max }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
        <SubmitButton label={withFrom(appliesFrom, { ja: '変更する', en: 'Change' })} variant="ghost" />
      </Form>
      <UndoNote userPlan={userPlan} />
      <div className="user-plan-actions">
        {!userPlan.paused && round && skipIssue && !userPlan.nextRoundSkipped ? (
          <Link className="button button-ghost" to={href('planSkip', { slug: artist.slug, planId: plan.id })}>{t({ ja: `${skipIssue.ja}をスキップする`, en: `Skip the ${skipIssue.en}` })}</Link>
        ) : null}
        {userPlan.paused ? (
          <RoundAction planId={plan.id} intent="resume" label={withFrom(appliesFrom, { ja: '再開する', en: 'Resume' })} />
        ) : (
          <Link className="button button-ghost" to={href('planPause', { slug: artist.slug, planId: plan.id })}>{t(withFrom(appliesFrom, { ja: '休止する', en: 'Pause' }))}</Link>
        )}
        <Link className="button button-ghost" to={href('planDelete', { slug: artist.slug, planId: plan.id })}>{t(COPY.cancel)}</Link>
      </div>
    </article>
  );
}

const UNDONE_WHAT: Record<UndoableChange, (round: RoundTimes) => Text> = {
  skip: (round) => ({ ja: `${issueLabel(round).ja}をスキップしました。`, en: `The ${issueLabel(round).en} is skipped. ` }),
  pause: (round) => ({ ja: `${issueLabel(round).ja}から休止しました。`, en: `Paused from the ${issueLabel(round).en}. ` }),
};

/** After a skip or pause: what was done and 「取り消す」 until the round's deadline (`canUndo`). */
function UndoNote({ userPlan }: { userPlan: UserPlan }) {
  const t = useT();
  const { undo, nextRound: round, plan } = userPlan;
  if (!undo || !round || !canUndo(undo.change, { endDate: undo.until }, new Date())) return null;
  const noteId = `user-plan-undo-${userPlan.id}`;
  return (
    <Form method="post" className="user-plan-undo">
      <p id={noteId}>{t(UNDONE_WHAT[undo.change](round))}{t(undoUntilLabel({ endDate: undo.until }))}</p>
      <input type="hidden" name="currentPlanId" value={plan.id} />
      <input type="hidden" name="planId" value={plan.id} />
      <input type="hidden" name="intent" value={undo.change === 'skip' ? 'undoSkip' : 'undoPause'} />
      <button type="submit" className="button button-primary" aria-describedby={noteId}>{t(COPY.undo)}</button>
    </Form>
  );
}

function RoundAction({ planId, intent, label }: { planId: number; intent: string; label: Text }) {
  return (
    <Form method="post">
      <input type="hidden" name="currentPlanId" value={planId} />
      <input type="hidden" name="planId" value={planId} />
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton label={label} variant="ghost" />
    </Form>
  );
}

/** The latest round a konbini/PayPay fan pays herself (issue 34): お支払い待ち / お支払い済み / お支払いがなく見送り. */
function ShopperRoundFact({ round }: { round: ShopperRoundView }) {
  const t = useT();
  if (!isShopperRoundStatus(round.status)) return null;
  const issue = issueLabel({ shipDate: round.shipDate });
  return (
    <div data-shopper-round={round.status}><dt>{t({ ja: `${issue.ja}のお支払い`, en: `Payment of the ${issue.en}` })}</dt><dd>
      <strong className="user-plan-badge">{t(SHOPPER_ROUND_STATUS_TEXTS[round.status])}</strong>{' '}
      {round.status === 'requested' ? <><span>{formatPrice(round.total)}・{t(SHOPPER_ROUND_TEXTS.payBy)} {formatDateTime(lastAcceptedMoment(round.payBy))}</span>{' '}<Link to={href('profile')}>{t(SHOPPER_ROUND_TEXTS.payButton)}</Link></> : null}
    </dd></div>
  );
}
