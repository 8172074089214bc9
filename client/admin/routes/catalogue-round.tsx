import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { checkGoods, checkRound, GoodsField, RoundFields } from '../catalogue/round-form.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  back: { ja: 'プランへ戻る', en: 'Back to the plan' },
  dates: { ja: '名前と日程', en: 'Name and dates' },
  frozen: { ja: 'この回は決済済みか締切を過ぎているため、日程は変更できません（名前は変更できます）。', en: 'This round is charged or past its deadline: its dates are fixed (its name is not).' },
  save: { ja: '保存する', en: 'Save' },
  contents: { ja: '箱の中身', en: 'Box contents' },
  saveGoods: { ja: '中身を保存する', en: 'Save the contents' },
  upload: { ja: '過去のボックスの画像をアップロード', en: 'Upload a past box picture' },
  bonuses: { ja: '特典（お届け後にファンに開く画像・音声・PDF・シリアルコード）', en: 'Bonuses (pictures, audio, PDFs and serial codes that open when a fan’s box arrives)' },
  badIntent: { ja: 'フォームが正しくありません。', en: 'Unknown form.' },
} as const satisfies Record<string, Text>;

const Intent = z.enum(['round', 'goods']);

export async function loader({ params, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).catalogueRound(params.id ?? ''));
}

/** Two forms: the round's name and dates (`intent=round`) and its box's contents (`intent=goods`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const intent = Intent.safeParse(values.intent);
  if (!intent.success) return formFailure({ error: COPY.badIntent }, values);
  const id = params.id ?? '';
  const api = staffApiFrom(context);
  const { input, fields } = intent.data === 'round' ? checkRound(values) : checkGoods(values);
  if (fields) return formFailure({ fields }, values, 400, { intent: intent.data });
  const result = intent.data === 'round' ? await api.saveRound(id, input) : await api.saveGoods(id, input);
  return result.ok ? seeOther(adminHref('catalogueRound', { id })) : apiFailure(result, values, { intent: intent.data });
}

type Answer = FormFailure & { intent?: string };

export function Component() {
  const { round } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const t = useT();
  const failureOf = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <main>
      <title>{`${round.name} | OshiBox`}</title>
      <p><Link to={adminHref('cataloguePlan', { id: String(round.planId) })}>{t(COPY.back)}</Link></p>
      <h1>{round.name}</h1>
      <h2>{t(COPY.dates)}</h2>
      {round.charged || Date.parse(round.endDate) <= Date.now() ? <p>{t(COPY.frozen)}</p> : null}
      <ValidatedForm failure={failureOf('round')} intent="round" className="catalogue-form">
        <RoundFields round={round} />
        <SubmitButton label={COPY.save} />
      </ValidatedForm>
      <p><Link to={adminHref('catalogueRoundBonuses', { id: String(round.id) })}>{t(COPY.bonuses)}</Link></p>
      <h2>{t(COPY.contents)}</h2>
      <p><Link to={`${adminHref('catalogueImage')}?kind=box`}>{t(COPY.upload)}</Link></p>
      <ValidatedForm failure={failureOf('goods')} intent="goods" className="catalogue-form">
        <GoodsField round={round} />
        <SubmitButton label={COPY.saveGoods} />
      </ValidatedForm>
    </main>
  );
}
