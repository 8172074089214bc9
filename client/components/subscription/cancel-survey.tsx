import { useState } from 'react';
import { Form } from 'react-router';
import type { Plan, UserPlan } from '../../../shared/api/types.ts';
import { CANCEL_NOTE_MAX, CANCEL_REASONS, FAN_CANCEL_REASON_LABELS, isCancelReason, offersForReason, type CancelOffer, type CancelReason } from '../../../shared/cancel-reasons.ts';
import { amountText, planRoundPrice, roundLabel } from '../../../shared/price-display.ts';
import { issueLabel } from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { useLocalize } from '../catalogue-text.tsx';
import { CANCEL_CONFIRM } from './change-confirm.tsx';

const COPY = {
  question: { ja: '解約の理由（任意）', en: 'Why are you cancelling? (optional)' },
  noReason: { ja: '選ばずに解約できます', en: 'You may cancel without answering' },
  note: { ja: 'ご意見（任意・500文字まで）', en: 'Anything to add (optional, 500 characters)' },
  offers: { ja: '解約のかわりに、こんな方法もあります', en: 'Instead of cancelling, you could' },
  pauseWhat: { ja: '再開するまでお届けと決済を止めます。再開はプラン管理からいつでもできます。', en: 'No box is sent or charged until you resume, at any time under "My plans".' },
  pause: { ja: '休止する', en: 'Pause the plan' },
  cheaperWhat: { ja: '同じアーティストの、より手頃なプランに変更します。', en: 'Change to a lighter plan of the same artist.' },
} as const satisfies Record<string, Text>;

export interface CancelFormValues {
  reason?: string;
  note?: string;
}

/** The offers open to this subscription as it stands (the same rules as My plans' buttons). */
function openOffers(userPlan: UserPlan, cheaper: Plan | null): Set<CancelOffer> {
  const open = new Set<CancelOffer>();
  if (!userPlan.paused && userPlan.nextRound && !userPlan.nextRoundSkipped) open.add('skip');
  if (!userPlan.paused) open.add('pause');
  if (cheaper) open.add('cheaper');
  return open;
}

/**
 * The cancel page's form (issue 32): an optional reason and note, the 解約する button, then the
 * offers. Every button submits this one form (`intent`), so the answer goes with whatever is
 * pressed and nothing needs JavaScript; the cancel button always comes first (特商法・消費者契約法:
 * an offer never stands between the fan and the cancellation).
 */
export function CancelSurveyForm({ userPlan, cheaper, values }: { userPlan: UserPlan; cheaper: Plan | null; values?: CancelFormValues | undefined }) {
  const t = useT();
  const initial = isCancelReason(values?.reason) ? values.reason : null;
  const [reason, setReason] = useState<CancelReason | null>(initial);
  const open = openOffers(userPlan, cheaper);
  const offers = offersForReason(reason).filter((o) => open.has(o));
  return (
    <Form method="post" className="cancel-survey">
      {/* A short list in one line (a select), so 解約する stays in the first screen at 390 px. */}
      <label className="cancel-reason">{t(COPY.question)}
        <select name="reason" defaultValue={initial ?? ''} onChange={(event) => setReason(isCancelReason(event.target.value) ? event.target.value : null)}>
          <option value="">{t(COPY.noReason)}</option>
          {CANCEL_REASONS.map((code) => <option key={code} value={code}>{t(FAN_CANCEL_REASON_LABELS[code])}</option>)}
        </select>
      </label>
      <label className="cancel-note">{t(COPY.note)}
        <textarea name="note" rows={2} maxLength={CANCEL_NOTE_MAX} defaultValue={values?.note ?? ''} />
      </label>
      <button type="submit" name="intent" value="cancel" className="button button-danger cancel-submit">{t(CANCEL_CONFIRM)}</button>
      {offers.length > 0 ? (
        <section className="cancel-offers" aria-labelledby="cancel-offers-title">
          <h2 id="cancel-offers-title" className="cancel-offers-title">{t(COPY.offers)}</h2>
          <ul>{offers.map((offer) => <li key={offer}><Offer offer={offer} userPlan={userPlan} cheaper={cheaper} /></li>)}</ul>
        </section>
      ) : null}
    </Form>
  );
}

function Offer({ offer, userPlan, cheaper }: { offer: CancelOffer; userPlan: UserPlan; cheaper: Plan | null }) {
  const t = useT();
  const localize = useLocalize();
  const round = userPlan.nextRound;
  if (offer === 'skip' && round) {
    const issue = issueLabel(round);
    return (
      <>
        <p>{t({ ja: `${issue.ja}だけお休みして、次の号から通常どおりお届けします。`, en: `Miss only the ${issue.en}; boxes continue from the round after it.` })}</p>
        <button type="submit" name="intent" value="skip" className="button button-ghost">{t({ ja: `${issue.ja}をスキップする`, en: `Skip the ${issue.en}` })}</button>
      </>
    );
  }
  if (offer === 'pause') {
    return (
      <>
        <p>{t(COPY.pauseWhat)}</p>
        <button type="submit" name="intent" value="pause" className="button button-ghost">{t(COPY.pause)}</button>
      </>
    );
  }
  if (offer === 'cheaper' && cheaper) {
    const name = localize(cheaper.name, cheaper.nameEn);
    const price = planRoundPrice(cheaper, { count: userPlan.count, deferred: userPlan.nextRoundCharge.fee > 0 });
    return (
      <>
        <p>{t(COPY.cheaperWhat)} <strong lang={name.lang}>{name.text}</strong>{t({ ja: '：', en: ': ' })}{t(roundLabel(price))} {t(amountText(price.total))}</p>
        <input type="hidden" name="toPlanId" value={cheaper.id} />
        <button type="submit" name="intent" value="cheaper" className="button button-ghost">
          {t({ ja: `「${name.text}」に変更する`, en: `Change to ${name.text}` })}
        </button>
      </>
    );
  }
  return null;
}
