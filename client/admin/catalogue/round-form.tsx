import type { AdminRoundDetail } from '../../../shared/api/catalogue-admin.ts';
import { RoundGoodsSchema, RoundInputSchema } from '../../../shared/catalogue-import-schema.ts';
import { catalogueFieldErrors } from '../../../shared/catalogue-import-problems.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import type { FormValues } from '../../data/form-action.ts';
import { TextArea } from './form-fields.tsx';
import { fromJstInput as fromInput, toJstInput as toInput } from './jst-input.ts';

const L = {
  name: { ja: '回の名前', en: 'Round name' },
  startDate: { ja: '受付開始（日本時間）', en: 'Opens (Japan time)' },
  endDate: { ja: '申込締切（日本時間）', en: 'Deadline (Japan time)' },
  shipDate: { ja: '発送予定（日本時間）', en: 'Planned shipping (Japan time)' },
  goods: { ja: '箱の中身（お届け後に公開）', en: 'What the box held (shown after delivery)' },
  goodsHint: {
    ja: '1行に1つ: 名前 | 画像パス | 説明（画像と説明は省略可。画像は「過去のボックス」でアップロード）',
    en: 'One a line: name | picture path | description (picture and description optional; upload pictures as "Past box")',
  },
} as const satisfies Record<string, Text>;


export function checkRound(values: FormValues) {
  const input = { name: values.name ?? '', startDate: fromInput(values.startDate), endDate: fromInput(values.endDate), shipDate: fromInput(values.shipDate) };
  return { input, fields: catalogueFieldErrors(RoundInputSchema, input) };
}

export function checkGoods(values: FormValues) {
  const goods = (values.goods ?? '').split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const [name = '', image = '', ...description] = line.split('|').map((part) => part.trim());
    return { name, image, description: description.join(' | ') };
  });
  return { input: { goods }, fields: catalogueFieldErrors(RoundGoodsSchema, { goods }) };
}

export function RoundFields({ round }: { round: AdminRoundDetail | null }) {
  return (
    <>
      <Field name="name" label={L.name} defaultValue={round?.name} maxLength={100} required />
      <Field name="startDate" type="datetime-local" label={L.startDate} defaultValue={toInput(round?.startDate)} required />
      <Field name="endDate" type="datetime-local" label={L.endDate} defaultValue={toInput(round?.endDate)} required />
      <Field name="shipDate" type="datetime-local" label={L.shipDate} defaultValue={toInput(round?.shipDate)} required />
    </>
  );
}

export function GoodsField({ round }: { round: AdminRoundDetail }) {
  const text = round.goods.map((g) => [g.name, g.image, g.description].join(' | ').replace(/( \| )+$/, '')).join('\n');
  return <TextArea name="goods" label={L.goods} hint={L.goodsHint} defaultValue={text} maxLength={70_000} rows={6} />;
}
