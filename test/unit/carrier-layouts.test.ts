import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine, encodeCsv } from '../../api/shipping/csv-text.ts';
import { addressLines, type CarrierLayout, type CarrierSettings, type ShippingLine } from '../../shared/carrier-layout.ts';
import { normalizeCarrier } from '../../shared/carriers.ts';
import { hyphenatedTel } from '../../shared/phone.ts';
import { carrierResultHeaderOf, SHIPPING_LAYOUTS } from '../../shared/shipping-layouts.ts';

/**
 * Each carrier layout against a sample header row of the carrier's documented format (the sources
 * are named in each table: shared/yamato-b2-columns.ts, sagawa-ehiden-columns.ts,
 * japanpost-yuprir-columns.ts), one box written in it, and the same line through Shift_JIS and back.
 */
const LINE: ShippingLine = {
  orderNumber: 4021, roundName: '12月号', artistName: '星乃ミライ', planName: 'スタンダードプラン', count: 2, name: '推野 花子', nameKana: 'オシノ　ハナコ', zip: '0600001',
  address: '北海道札幌市中央区北一条西', address2: '2-24-12 〜ハイツ101', tel: '0312345678', shipDate: new Date('2026-11-22T01:00:00Z'),
};
const SETTINGS: CarrierSettings = {
  sender: { name: '株式会社オシボックス', zip: '1500002', address: '東京都渋谷区渋谷2-24-12', tel: '0120123456' },
  yamatoBillingCode: '0312345678', yamatoFreightNumber: '01', sagawaCustomerCode: '',
};

const labelsOf = (layout: CarrierLayout) => layout.columns.map((c) => c.label);
const rowOf = (layout: CarrierLayout): Record<string, string> =>
  Object.fromEntries(layout.columns.map((c) => [c.label, c.cell?.(LINE, SETTINGS) ?? '']));

/** The header and the line written as the export writes them, in Shift_JIS, read back. */
function roundTrip(layout: CarrierLayout): string[][] {
  const text = csvLine(labelsOf(layout)) + csvLine(layout.columns.map((c) => c.cell?.(LINE, SETTINGS) ?? ''));
  return parse(iconv.decode(encodeCsv(text, 'cp932'), 'cp932')) as string[][];
}

describe('ヤマト B2クラウド (yamato-b2)', () => {
  const layout = SHIPPING_LAYOUTS['yamato-b2'];
  // 「B2 送り状発行データレイアウト 入出力用」: the first 42 columns, up to 運賃管理番号.
  const SAMPLE_HEADER = 'お客様管理番号,送り状種類,クール区分,伝票番号,出荷予定日,お届け予定（指定）日,配達時間帯,お届け先コード,お届け先電話番号,お届け先電話番号枝番,'
    + 'お届け先郵便番号,お届け先住所,お届け先住所（アパートマンション名）,お届け先会社・部門名１,お届け先会社・部門名２,お届け先名,お届け先名略称カナ,敬称,'
    + 'ご依頼主コード,ご依頼主電話番号,ご依頼主電話番号枝番,ご依頼主郵便番号,ご依頼主住所,ご依頼主住所（アパートマンション名）,ご依頼主名,ご依頼主略称カナ,'
    + '品名コード１,品名１,品名コード２,品名２,荷扱い１,荷扱い２,記事,コレクト代金引換額（税込）,コレクト内消費税額等,営業所止置き,営業所コード,発行枚数,'
    + '個数口枠の印字,ご請求先顧客コード,ご請求先分類コード,運賃管理番号';

  it('has the 97 columns of the documented layout, in its order', () => {
    expect(labelsOf(layout).slice(0, 42).join(',')).toBe(SAMPLE_HEADER);
    expect(layout.columns).toHaveLength(97);
    expect(labelsOf(layout).slice(-2)).toEqual(['連携管理番号', '通知メールアドレス']);
  });

  it('writes a box with 発払い codes, our 注文番号 as お客様管理番号, phone and postal code as text, the sender from the settings', () => {
    expect(rowOf(layout)).toMatchObject({
      お客様管理番号: '4021', 送り状種類: '0', クール区分: '0', 伝票番号: '', 出荷予定日: '2026/11/22', 'お届け予定（指定）日': '', 配達時間帯: '',
      お届け先電話番号: '03-1234-5678', お届け先郵便番号: '060-0001', お届け先住所: LINE.address, 'お届け先住所（アパートマンション名）': LINE.address2,
      お届け先名: '推野 花子', お届け先名略称カナ: 'ｵｼﾉ ﾊﾅｺ', 敬称: '様', ご依頼主電話番号: '0120-123-456', ご依頼主郵便番号: '150-0002', ご依頼主住所: '東京都渋谷区渋谷2-24-12',
      ご依頼主名: '株式会社オシボックス', 品名１: '星乃ミライ スタンダードプラン 12月号', 品名２: '数量 2', ご請求先顧客コード: '0312345678', 運賃管理番号: '01',
    });
  });

  it('reads back the same from Shift_JIS (〜 as Windows writes it)', () => {
    const [header, line] = roundTrip(layout);
    expect(header!.join(',').startsWith(SAMPLE_HEADER)).toBe(true);
    expect(line![12]).toBe('2-24-12 ～ハイツ101');
    expect(line![8]).toBe('03-1234-5678');
  });
});

describe('佐川 e飛伝 (sagawa-ehiden)', () => {
  const layout = SHIPPING_LAYOUTS['sagawa-ehiden'];
  // 「【e飛伝Ⅱ 便種対応版】出荷データCSV入力項目レイアウト」標準パターン, 41 columns.
  const SAMPLE_HEADER = '住所録コード,お届け先電話番号,お届け先郵便番号,お届け先住所１,お届け先住所２,お届け先住所３,お届け先名称１,お届け先名称２,お客様管理ナンバー,'
    + 'お客様コード,部署・担当者,荷送人電話番号,荷送人郵便番号,荷送人住所１,荷送人住所２,荷送人名称１,荷送人名称２,荷姿コード,品名１,品名２,品名３,品名４,品名５,'
    + '出荷個数,便種（スピードで選択）,便種（商品）,配達日,配達指定時間帯,配達指定時間（時分）,代引金額,消費税,決済種別,保険金額,保険金額印字,指定シール1,'
    + '指定シール2,指定シール3,営業店止め,SRC区分,営業店コード,元着区分';

  it('has the columns of the documented standard pattern, in its order', () => {
    expect(labelsOf(layout).join(',')).toBe(SAMPLE_HEADER);
  });

  it('writes the address in 16-character lines, our 注文番号 as お客様管理ナンバー, 飛脚宅配便 元払', () => {
    expect(rowOf(layout)).toMatchObject({
      お届け先電話番号: '03-1234-5678', お届け先郵便番号: '060-0001', お届け先住所１: '北海道札幌市中央区北一条西', お届け先住所２: '2-24-12 〜ハイツ101',
      お届け先住所３: '', お届け先名称１: '推野 花子', お客様管理ナンバー: '4021', 荷送人電話番号: '0120-123-456', 荷送人郵便番号: '150-0002',
      荷送人住所１: '東京都渋谷区渋谷2-24-12', 荷送人名称１: '株式会社オシボックス', 品名１: '星乃ミライ スタンダードプラン', 出荷個数: '1',
      '便種（スピードで選択）': '000', 元着区分: '1', 配達日: '',
    });
  });

  it('reads back the same from Shift_JIS', () => {
    const [header, line] = roundTrip(layout);
    expect(header!.join(',')).toBe(SAMPLE_HEADER);
    expect(line![8]).toBe('4021');
  });
});

describe('日本郵便 ゆうプリR (japanpost-yuprir)', () => {
  const layout = SHIPPING_LAYOUTS['japanpost-yuprir'];
  // 「【ゆうパックプリントR】発送予定データ入出力項目レイアウト」items 1–21.
  const SAMPLE_HEADER = 'お客様側管理番号,発送予定日,発送予定時間区分,出荷期限日,到着期限日,郵便種別,保冷種別,元/着払/代引,書留/セキュリティ/特定記録種別,'
    + '配達時間帯指定郵便種別,送り状種別,お届け先 コード,お届け先 郵便番号,お届け先 住所1,お届け先 住所2,お届け先 住所3,お届け先 名称1,お届け先 名称2,'
    + 'お届け先 敬称,お届け先 電話番号,お届け先 メールアドレス';

  it('starts with the documented items, in their order', () => {
    expect(labelsOf(layout).slice(0, 21).join(',')).toBe(SAMPLE_HEADER);
  });

  it('writes ゆうパック 元払い, dates yyyyMMdd, our 注文番号 as お客様側管理番号', () => {
    expect(rowOf(layout)).toMatchObject({
      お客様側管理番号: '4021', 発送予定日: '20261122', 郵便種別: '0', 保冷種別: '0', '元/着払/代引': '0', 'お届け先 郵便番号': '060-0001',
      'お届け先 住所1': LINE.address, 'お届け先 住所2': LINE.address2, 'お届け先 名称1': '推野 花子', 'お届け先 電話番号': '03-1234-5678',
      'ご依頼主 郵便番号': '150-0002', 'ご依頼主 名称1': '株式会社オシボックス', 'ご依頼主 電話番号': '0120-123-456',
    });
  });

  it('reads back the same from Shift_JIS', () => {
    const [header, line] = roundTrip(layout);
    expect(header!.slice(0, 21).join(',')).toBe(SAMPLE_HEADER);
    expect(line![0]).toBe('4021');
  });
});

describe('what the carriers write back, and the carrier names people type', () => {
  it('knows each program’s result file by the columns of our 注文番号 and its tracking number', () => {
    const b2 = carrierResultHeaderOf(['お客様管理番号', '送り状種類', 'クール区分', '伝票番号', 'お届け先名']);
    expect(b2).toMatchObject({ carrier: 'yamato', columns: ['orderHistoryId', false, false, 'trackingNumber', false] });
    expect(carrierResultHeaderOf(['お問合せ送り状No', '出荷日時', 'お客様管理ナンバー'])).toMatchObject({ carrier: 'sagawa', columns: ['trackingNumber', false, 'orderHistoryId'] });
    expect(carrierResultHeaderOf(['お客様側管理番号', 'お問い合わせ番号'])).toMatchObject({ carrier: 'japanpost' });
    expect(carrierResultHeaderOf(['注文番号', '追跡番号'])).toBeUndefined();
  });

  it.each([
    ['ヤマト運輸', 'yamato'], ['ヤマト', 'yamato'], ['クロネコヤマト', 'yamato'], ['ヤマト運輸株式会社', 'yamato'], [' YAMATO ', 'yamato'],
    ['佐川急便', 'sagawa'], ['佐川', 'sagawa'], ['ｓａｇａｗａ', 'sagawa'], ['日本郵便', 'japanpost'], ['ゆうパック', 'japanpost'], ['japanpost', 'japanpost'],
    ['fedex', undefined], ['', undefined],
  ])('reads 「%s」 as %s', (typed, code) => {
    expect(normalizeCarrier(typed)).toBe(code);
  });

  it('spreads an address over e飛伝’s 16-character lines, never dropping what does not fit', () => {
    expect(addressLines(['東京都渋谷区渋谷二丁目二十四番十二号渋谷スクランブルスクエア', '推しハイツ101'], 16, 3))
      .toEqual(['東京都渋谷区渋谷二丁目二十四番十', '二号渋谷スクランブルスクエア', '推しハイツ101']);
    expect(addressLines(['あ'.repeat(40), 'い'.repeat(5)], 16, 3)).toEqual(['あ'.repeat(16), 'あ'.repeat(16), `${'あ'.repeat(8)}${'い'.repeat(5)}`]);
  });

  it('writes phone numbers with hyphens, as the carriers print them', () => {
    expect(['0312345678', '09012345678', '0120123456', '0451234567', '+81312345678'].map(hyphenatedTel))
      .toEqual(['03-1234-5678', '090-1234-5678', '0120-123-456', '045-123-4567', '+81312345678']);
  });
});
