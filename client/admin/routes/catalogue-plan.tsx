import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { PricePreview } from '../../../shared/api/catalogue-admin.ts';
import { formatDate, formatDateTime, formatPrice, lastAcceptedMoment } from '../../../shared/format.ts';
import { roundSpacingHint } from '../../../shared/plan-period.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure, type FormValues } from '../../data/form-action.ts';
import { useLang, useT } from '../../lang.tsx';
import { checkPlan, PlanFields } from '../catalogue/plan-form.tsx';
import { checkRound, RoundFields } from '../catalogue/round-form.tsx';
import { PriceConfirm } from '../catalogue/price-confirm.tsx';
import { PublishPanel } from '../catalogue/publish-panel.tsx';
import { isPublishStep, runPublishStep } from '../catalogue/publish-step.ts';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { mustStaff } from '../data/console-load.ts';
import { formWholeNumber } from '../../../shared/digits.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  back: { ja: 'アーティストへ戻る', en: 'Back to the artist' },
  rounds: { ja: '回（号）', en: 'Rounds' },
  round: { ja: '回', en: 'Round' },
  deadline: { ja: '申込締切', en: 'Deadline' },
  ship: { ja: '発送予定', en: 'Ships' },
  price: { ja: '価格', en: 'Price' },
  state: { ja: '状態', en: 'State' },
  charged: { ja: '決済済み（価格固定）', en: 'Charged (price fixed)' },
  open: { ja: '未決済', en: 'Not charged' },
  addRound: { ja: '回を追加', en: 'Add a round' },
  add: { ja: '追加する', en: 'Add' },
  priceTitle: { ja: '価格の変更', en: 'Change the price' },
  priceLead: {
    ja: '新しい価格は、まだ決済していない次の回から適用され、会員にはその回の締切前にメールでお知らせします。保存の前に確認画面が出ます。',
    en: 'A new price applies from the next round not yet charged; subscribers are told by mail before its deadline. You confirm before it is saved.',
  },
  newPrice: { ja: '新しい価格（税抜・円）', en: 'New price (before tax, yen)' },
  review: { ja: '確認する', en: 'Review' },
  edit: { ja: 'プランの内容', en: 'Plan details' },
  save: { ja: '保存する', en: 'Save' },
  changed: { ja: '価格を変更しました。会員へのお知らせメールを送信しています。', en: 'The price is changed; the subscribers’ mails are on their way.' },
  badIntent: { ja: 'フォームが正しくありません。', en: 'Unknown form.' },
  subscribersStay: {
    ja: '下書きに戻す・アーカイブすると新しいお申し込みだけが止まります。今の定期便は続き、請求額は変わりません（価格の変更は下の手順で）。',
    en: 'Back to draft or archived, the plan takes no new subscriptions; current ones go on and are charged as before (prices change only by the step below).',
  },
  badPrice: { ja: '0〜10,000,000の整数で入力してください。', en: 'A whole number from 0 to 10,000,000.' },
} as const satisfies Record<string, Text>;

const Intent = z.enum(['plan', 'round', 'preview', 'confirm']);
const yenOf = (value: string | undefined) => {
  const yen = formWholeNumber(value);
  return typeof yen === 'number' && yen <= 10_000_000 ? yen : null;
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { plan } = mustStaff(await staffApiFrom(context).cataloguePlan(params.id ?? ''));
  return { plan, status: publishStatusAt(plan, new Date()), changed: new URL(request.url).searchParams.has('changed') };
}

/** Three forms: the plan's details, the price's review (shows the confirm step), and the confirmation. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const id = params.id ?? '';
  if (isPublishStep(values.intent)) return runPublishStep(context, 'plans', id, values, adminHref('cataloguePlan', { id }), adminHref('catalogue'));
  const intent = Intent.safeParse(values.intent);
  if (!intent.success) return formFailure({ error: COPY.badIntent }, values);
  if (intent.data === 'plan') return savePlan(context, id, values);
  if (intent.data === 'round') return addRound(context, id, values);
  const api = staffApiFrom(context);
  const preTaxPrice = yenOf(values.preTaxPrice);
  if (preTaxPrice === null) return formFailure({ fields: { preTaxPrice: COPY.badPrice } }, values, 400, { intent: 'preview' });
  if (intent.data === 'preview') {
    const preview = await api.previewPrice(id, preTaxPrice);
    return preview.ok ? { intent: 'preview', preview: preview.data } : apiFailure(preview, values, { intent: 'preview' });
  }
  const result = await api.changePrice(id, { preTaxPrice, fromRoundId: Number(values.fromRoundId ?? 0) });
  return result.ok ? seeOther(`${adminHref('cataloguePlan', { id })}?changed=${result.data.changeId}`) : apiFailure(result, values, { intent: 'preview' });
}

async function savePlan(context: unknown, id: string, values: FormValues) {
  const { input, fields } = checkPlan(values, false);
  if (fields) return formFailure({ fields }, values, 400, { intent: 'plan' });
  const result = await staffApiFrom(context).savePlan(id, input);
  return result.ok ? seeOther(adminHref('cataloguePlan', { id })) : apiFailure(result, values, { intent: 'plan' });
}

/** A new round at the plan's list price; its page is next (dates, contents). */
async function addRound(context: unknown, id: string, values: FormValues) {
  const { input, fields } = checkRound(values);
  if (fields) return formFailure({ fields }, values, 400, { intent: 'round' });
  const result = await staffApiFrom(context).createRound(id, input);
  return result.ok ? seeOther(adminHref('catalogueRound', { id: String(result.data.round.id) })) : apiFailure(result, values, { intent: 'round' });
}

type Answer = FormFailure & { intent?: string; preview?: PricePreview };

export function Component() {
  const { plan, status, changed } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const t = useT();
  const { english } = useLang();
  const here = adminHref('cataloguePlan', { id: String(plan.id) });
  const failureOf = (intent: string) => (answer?.intent === intent && !answer.preview ? answer : undefined);
  return (
    <main>
      <title>{`${plan.name} | OshiBox`}</title>
      <p><Link to={adminHref('catalogueArtist', { id: String(plan.artistId) })}>{t(COPY.back)}</Link></p>
      <h1>{plan.name}（{formatPrice(plan.price, english)}）</h1>
      {changed ? <p role="status" className="console-status">{t(COPY.changed)}</p> : null}
      <PublishPanel item={plan} status={status} archivable deletable failure={failureOf('state')} note={COPY.subscribersStay}
        previewHref={adminHref('catalogueArtistPreview', { id: String(plan.artistId) })} />
      <h2>{t(COPY.rounds)}</h2>
      <ScrollRegion label={t(COPY.rounds)}>
      <table className="console-table">
        <thead><tr><th scope="col">{t(COPY.round)}</th><th scope="col">{t(COPY.deadline)}</th><th scope="col">{t(COPY.ship)}</th><th scope="col">{t(COPY.price)}</th><th scope="col">{t(COPY.state)}</th></tr></thead>
        <tbody>
          {plan.rounds.map((r) => (
            <tr key={r.id}>
              <td><Link to={adminHref('catalogueRound', { id: String(r.id) })}>{r.name}</Link></td><td>{formatDateTime(lastAcceptedMoment(r.endDate))}</td><td>{formatDate(r.shipDate)}</td>
              <td>{formatPrice(r.price, english)}</td><td>{t(r.charged ? COPY.charged : COPY.open)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </ScrollRegion>
      <h2>{t(COPY.addRound)}</h2>
      <p>{t(roundSpacingHint(plan.period))}</p>
      <ValidatedForm failure={failureOf('round')} intent="round" className="catalogue-form">
        <RoundFields round={null} />
        <SubmitButton label={COPY.add} />
      </ValidatedForm>
      <h2>{t(COPY.priceTitle)}</h2>
      {answer?.preview ? <PriceConfirm preview={answer.preview} cancelTo={here} /> : (
        <>
          <p>{t(COPY.priceLead)}</p>
          <ValidatedForm failure={failureOf('preview')} intent="preview" className="catalogue-form">
            <Field name="preTaxPrice" label={COPY.newPrice} inputMode="numeric" defaultValue={String(plan.preTaxPrice)} maxLength={8} required />
            <SubmitButton label={COPY.review} />
          </ValidatedForm>
        </>
      )}
      <h2>{t(COPY.edit)}</h2>
      <ValidatedForm failure={failureOf('plan')} intent="plan" className="catalogue-form">
        <PlanFields plan={plan} withPrice={false} />
        <SubmitButton label={COPY.save} />
      </ValidatedForm>
    </main>
  );
}
