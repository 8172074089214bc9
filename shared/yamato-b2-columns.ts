import { clipped, contentsWithin, jstDate, telCell, zipCell, type CarrierLayout, type LayoutColumn } from './carrier-layout.ts';
import { toHalfWidthKatakana } from './kana.ts';
import { SHIPPING_LAYOUT_NAMES } from './shipping-layout-names.ts';

/**
 * ヤマト運輸 B2クラウド「外部データから発行」(B2 送り状発行データレイアウト 入出力用): its 97
 * columns in their order and with their headers. Source: Yamato's「B2 送り状発行データレイアウト
 * 入出力用」as quoted by the aiship manual「CSVレイアウト（ヤマトB2形式）」
 * (https://manual.aiship.jp/csvレイアウト（ヤマトb2形式）) and the column list of
 * jmleejake/csvProject NewYamatoVO.java. Codes: 送り状種類 0 = 発払い, クール区分 0 = 通常;
 * dates yyyy/MM/dd; phone and postal code with hyphens (「半角数字＆ハイフン」).
 * Left empty: 伝票番号 (B2クラウド numbers the slip and writes it back), お届け予定（指定）日 and
 * 配達時間帯 (the shop takes no delivery date or time), all codes the shop has no value for
 * (お届け先コード, ご依頼主コード, 品名コード, 荷扱い, 営業所), コレクト (no cash on delivery), the
 * e-mail notices, 収納代行 and 検索キー columns. A result file (B2クラウド's 発行済みデータの
 * 出力, the same layout) carries our 注文番号 in お客様管理番号 and the tracking number in 伝票番号.
 */
const LABELS_AFTER_FREIGHT = [
  'クロネコwebコレクトデータ登録', 'クロネコwebコレクト加盟店番号', 'クロネコwebコレクト申込受付番号１', 'クロネコwebコレクト申込受付番号２',
  'クロネコwebコレクト申込受付番号３', 'お届け予定ｅメール利用区分', 'お届け予定ｅメールe-mailアドレス', '入力機種', 'お届け予定ｅメールメッセージ',
  'お届け完了ｅメール利用区分', 'お届け完了ｅメールe-mailアドレス', 'お届け完了ｅメールメッセージ', 'クロネコ収納代行利用区分', '予備',
  '収納代行請求金額（税込）', '収納代行内消費税額等', '収納代行請求先郵便番号', '収納代行請求先住所', '収納代行請求先住所（アパートマンション名）',
  '収納代行請求先会社・部門名１', '収納代行請求先会社・部門名２', '収納代行請求先名（漢字）', '収納代行請求先名（カナ）', '収納代行問合せ先名（漢字）',
  '収納代行問合せ先郵便番号', '収納代行問合せ先住所', '収納代行問合せ先住所（アパートマンション名）', '収納代行問合せ先電話番号', '収納代行管理番号',
  '収納代行品名', '収納代行備考', '複数口くくりキー', '検索キータイトル１', '検索キー１', '検索キータイトル２', '検索キー２', '検索キータイトル３',
  '検索キー３', '検索キータイトル４', '検索キー４', '検索キータイトル５', '検索キー５', '予備', '予備', '投函予定メール利用区分',
  '投函予定メールe-mailアドレス', '投函予定メールメッセージ', '投函完了メール（お届け先宛）利用区分', '投函完了メール（お届け先宛）e-mailアドレス',
  '投函完了メール（お届け先宛）メールメッセージ', '投函完了メール（ご依頼主宛）利用区分', '投函完了メール（ご依頼主宛）e-mailアドレス',
  '投函完了メール（ご依頼主宛）メールメッセージ', '連携管理番号', '通知メールアドレス',
];

export const YAMATO_B2_COLUMNS: readonly LayoutColumn[] = [
  { label: 'お客様管理番号', cell: (l) => String(l.orderNumber) },
  { label: '送り状種類', cell: () => '0' },
  { label: 'クール区分', cell: () => '0' },
  { label: '伝票番号' },
  { label: '出荷予定日', cell: (l) => jstDate(l.shipDate, '/') },
  { label: 'お届け予定（指定）日' },
  { label: '配達時間帯' },
  { label: 'お届け先コード' },
  { label: 'お届け先電話番号', cell: (l) => telCell(l.tel) },
  { label: 'お届け先電話番号枝番' },
  { label: 'お届け先郵便番号', cell: (l) => zipCell(l.zip) },
  { label: 'お届け先住所', cell: (l) => l.address },
  { label: 'お届け先住所（アパートマンション名）', cell: (l) => l.address2 },
  { label: 'お届け先会社・部門名１' },
  { label: 'お届け先会社・部門名２' },
  { label: 'お届け先名', cell: (l) => l.name },
  // Half-width katakana, 50 characters in B2クラウド: the account's フリガナ when the box goes to the account holder.
  { label: 'お届け先名略称カナ', cell: (l) => clipped(toHalfWidthKatakana(l.nameKana), 50) },
  { label: '敬称', cell: () => '様' },
  { label: 'ご依頼主コード' },
  { label: 'ご依頼主電話番号', cell: (_l, s) => telCell(s.sender.tel) },
  { label: 'ご依頼主電話番号枝番' },
  { label: 'ご依頼主郵便番号', cell: (_l, s) => zipCell(s.sender.zip) },
  { label: 'ご依頼主住所', cell: (_l, s) => s.sender.address },
  { label: 'ご依頼主住所（アパートマンション名）' },
  { label: 'ご依頼主名', cell: (_l, s) => s.sender.name },
  { label: 'ご依頼主略称カナ' },
  { label: '品名コード１' },
  // 品名 holds 25 characters in B2クラウド; the parcel's contents are only a description (every box of a 同梱 named when it fits).
  { label: '品名１', cell: (l) => contentsWithin(l, 25) },
  { label: '品名コード２' },
  { label: '品名２', cell: (l) => (l.count > 1 ? `数量 ${l.count}` : '') },
  { label: '荷扱い１' },
  { label: '荷扱い２' },
  { label: '記事' },
  { label: 'コレクト代金引換額（税込）' },
  { label: 'コレクト内消費税額等' },
  { label: '営業所止置き' },
  { label: '営業所コード' },
  { label: '発行枚数' },
  { label: '個数口枠の印字' },
  { label: 'ご請求先顧客コード', cell: (_l, s) => s.yamatoBillingCode },
  { label: 'ご請求先分類コード' },
  { label: '運賃管理番号', cell: (_l, s) => s.yamatoFreightNumber },
  ...LABELS_AFTER_FREIGHT.map((label) => ({ label })),
];

export const YAMATO_B2_LAYOUT: CarrierLayout = {
  id: 'yamato-b2',
  name: SHIPPING_LAYOUT_NAMES['yamato-b2'],
  carrier: 'yamato',
  columns: YAMATO_B2_COLUMNS,
  results: { orderHistoryId: ['お客様管理番号'], trackingNumber: ['伝票番号', '送り状番号', 'お問合せ番号', '問合せ番号'] },
};
