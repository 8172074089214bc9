import { contentsWithin, jstDate, telCell, zipCell, type CarrierLayout, type LayoutColumn } from './carrier-layout.ts';
import { SHIPPING_LAYOUT_NAMES } from './shipping-layout-names.ts';

/**
 * 日本郵便 ゆうパックプリントR (ゆうプリR)「外部データ取込」: ゆうプリR reads a CSV through a 取込
 * フィルタ the operator registers once (ゆうプリR「6.フィルタ設定説明書」, 日本郵便 2016), mapping
 * each of its items to a column of the file, so the file must keep one layout. This one follows
 * the order and codes of 「【ゆうパックプリントR】発送予定データ入出力項目レイアウト」(速販,
 * 2014/2/13; http://paperzz.com/doc/5322404) for items 1–21: お客様側管理番号 (our 注文番号),
 * dates yyyyMMdd, 郵便種別 0 = ゆうパック, 保冷種別 0 = 保冷なし, 元/着払/代引 0 = 元払い, postal
 * code XXX-XXXX. The ご依頼主 and 品名 columns after them carry ゆうプリR's item names; map them
 * in the filter by name. Phone numbers with hyphens, as ゆうプリR prints them.
 * Left empty: 発送予定時間区分, 出荷期限日, 到着期限日, 書留/セキュリティ/特定記録種別,
 * 配達時間帯指定郵便種別, 送り状種別 (ゆうプリR's default), the codes, お届け先 名称2 and 住所3,
 * 敬称 (ゆうプリR prints 様), e-mail, お届け予定日 and 配達時間帯 (the shop takes none).
 * The result file (ゆうプリR's 出力用フィルタ, 発送済データ) carries our 注文番号 in
 * お客様側管理番号 and the tracking number in お問い合わせ番号.
 */
export const JAPANPOST_YUPRIR_COLUMNS: readonly LayoutColumn[] = [
  { label: 'お客様側管理番号', cell: (l) => String(l.orderNumber) },
  { label: '発送予定日', cell: (l) => jstDate(l.shipDate, '') },
  { label: '発送予定時間区分' },
  { label: '出荷期限日' },
  { label: '到着期限日' },
  { label: '郵便種別', cell: () => '0' },
  { label: '保冷種別', cell: () => '0' },
  { label: '元/着払/代引', cell: () => '0' },
  { label: '書留/セキュリティ/特定記録種別' },
  { label: '配達時間帯指定郵便種別' },
  { label: '送り状種別' },
  { label: 'お届け先 コード' },
  { label: 'お届け先 郵便番号', cell: (l) => zipCell(l.zip) },
  { label: 'お届け先 住所1', cell: (l) => l.address },
  { label: 'お届け先 住所2', cell: (l) => l.address2 },
  { label: 'お届け先 住所3' },
  { label: 'お届け先 名称1', cell: (l) => l.name },
  { label: 'お届け先 名称2' },
  { label: 'お届け先 敬称' },
  { label: 'お届け先 電話番号', cell: (l) => telCell(l.tel) },
  { label: 'お届け先 メールアドレス' },
  { label: 'ご依頼主 郵便番号', cell: (_l, s) => zipCell(s.sender.zip) },
  { label: 'ご依頼主 住所1', cell: (_l, s) => s.sender.address },
  { label: 'ご依頼主 名称1', cell: (_l, s) => s.sender.name },
  { label: 'ご依頼主 電話番号', cell: (_l, s) => telCell(s.sender.tel) },
  { label: '品名', cell: (l) => contentsWithin(l, 25) },
  { label: '個数', cell: () => '1' },
  { label: 'お届け予定日' },
  { label: '配達時間帯' },
];

export const JAPANPOST_YUPRIR_LAYOUT: CarrierLayout = {
  id: 'japanpost-yuprir',
  name: SHIPPING_LAYOUT_NAMES['japanpost-yuprir'],
  carrier: 'japanpost',
  columns: JAPANPOST_YUPRIR_COLUMNS,
  results: { orderHistoryId: ['お客様側管理番号'], trackingNumber: ['お問い合わせ番号', 'お問合せ番号', '問合番号', '追跡番号', '伝票番号'] },
};
