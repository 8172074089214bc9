import type { AdminPlan } from '../../../shared/api/catalogue-admin.ts';
import { DISPLAY_TYPES } from '../../../shared/artist-types.ts';
import { PlanCreateSchema, PlanEditSchema } from '../../../shared/catalogue-import-schema.ts';
import { catalogueFieldErrors } from '../../../shared/catalogue-import-problems.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import type { FormValues } from '../../data/form-action.ts';
import { formWholeNumber } from '../../../shared/digits.ts';
import { Select, TextArea } from './form-fields.tsx';

const L = {
  name: { ja: 'プラン名', en: 'Plan name' },
  nameEn: { ja: 'プラン名（英語）', en: 'Plan name (English)' },
  preTaxPrice: { ja: '価格（税抜・円）', en: 'Price (before tax, yen)' },
  preTaxHint: { ja: '税込価格は税率10%で自動計算します（切り捨て）', en: 'The tax-included price is worked out at 10 % (rounded down)' },
  period: { ja: '期間（か月）', en: 'Period (months)' },
  displayType: { ja: '表示形式', en: 'Display type' },
  attention: { ja: '注意事項', en: 'Notes' },
  attentionEn: { ja: '注意事項（英語）', en: 'Notes (English)' },
  sort: { ja: '表示順', en: 'Sort order' },
  goodsCount: { ja: '1箱のグッズ数', en: 'Goods per box' },
  goodsHint: { ja: '空欄なら「未定」', en: 'Blank: not described yet' },
  limitedCount: { ja: 'うち限定品の数', en: 'Of which limited' },
  guaranteed: { ja: '必ず入るもの', en: 'Always included' },
  guaranteedHint: { ja: '1行に1つ。英語は「|」の後に（例: 缶バッジ | Button badge）', en: 'One a line; English after "|" (e.g. 缶バッジ | Button badge)' },
} as const satisfies Record<string, Text>;

const DISPLAY_OPTIONS = DISPLAY_TYPES.map((value) => ({ value, label: { ja: value, en: value } }));
const wholeNumber = (value: string | undefined, fallback: number) => formWholeNumber(value, fallback);

function contentsOf(values: FormValues) {
  if ((values.goodsCount ?? '').trim() === '') return null;
  const guaranteed = (values.guaranteed ?? '').split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const [ja = '', en = ''] = line.split('|').map((part) => part.trim());
    return { ja, en: en || null };
  });
  return { goodsCount: wholeNumber(values.goodsCount, 0), limitedCount: wholeNumber(values.limitedCount, 0), guaranteed };
}

function toPlanEdit(values: FormValues) {
  return {
    name: values.name ?? '', nameEn: values.nameEn ?? '', attention: values.attention ?? '', attentionEn: values.attentionEn ?? '',
    period: wholeNumber(values.period, 1), sort: wholeNumber(values.sort, 0), displayType: values.displayType ?? '', contents: contentsOf(values),
  };
}

/** A plan's fields as the API takes them; a new plan also has its pre-tax price. */
export function checkPlan(values: FormValues, isNew: boolean) {
  const edit = toPlanEdit(values);
  const input = isNew ? { ...edit, preTaxPrice: wholeNumber(values.preTaxPrice, -1) } : edit;
  return { input, fields: catalogueFieldErrors(isNew ? PlanCreateSchema : PlanEditSchema, input) };
}

/** The fields of a plan (without the price, which changes through its own confirm step). */
export function PlanFields({ plan, withPrice }: { plan: AdminPlan | null; withPrice: boolean }) {
  const p = plan;
  const guaranteed = p?.contents?.guaranteed.map((g) => (g.en ? `${g.ja} | ${g.en}` : g.ja)).join('\n') ?? '';
  return (
    <>
      <Field name="name" label={L.name} defaultValue={p?.name} maxLength={100} required />
      <Field name="nameEn" label={L.nameEn} defaultValue={p?.nameEn ?? ''} maxLength={100} />
      {withPrice ? <Field name="preTaxPrice" label={L.preTaxPrice} hint={L.preTaxHint} inputMode="numeric" maxLength={8} required /> : null}
      <Field name="period" label={L.period} inputMode="numeric" defaultValue={String(p?.period ?? 1)} maxLength={2} />
      <Select name="displayType" label={L.displayType} defaultValue={p?.displayType ?? 'NORMAL'} options={DISPLAY_OPTIONS} />
      <TextArea name="attention" label={L.attention} defaultValue={p?.attention} maxLength={2_000} rows={3} />
      <TextArea name="attentionEn" label={L.attentionEn} defaultValue={p?.attentionEn ?? ''} maxLength={2_000} rows={3} />
      <Field name="sort" label={L.sort} inputMode="numeric" defaultValue={String(p?.sort ?? 0)} maxLength={10} />
      <Field name="goodsCount" label={L.goodsCount} hint={L.goodsHint} inputMode="numeric" defaultValue={p?.contents ? String(p.contents.goodsCount) : ''} maxLength={2} />
      <Field name="limitedCount" label={L.limitedCount} inputMode="numeric" defaultValue={String(p?.contents?.limitedCount ?? 0)} maxLength={2} />
      <TextArea name="guaranteed" label={L.guaranteed} hint={L.guaranteedHint} defaultValue={guaranteed} maxLength={2_200} rows={3} />
    </>
  );
}
