import { addressLines, contentsWithin, telCell, zipCell, type CarrierLayout, type LayoutColumn, type ShippingLine } from './carrier-layout.ts';
import { SHIPPING_LAYOUT_NAMES } from './shipping-layout-names.ts';

/**
 * 佐川急便 e飛伝II/e飛伝III「出荷データ取込」, its standard pattern (標準パターン): 41 columns in
 * their order and with their headers. Source: 「【e飛伝Ⅱ 便種対応版】出荷データCSV入力項目レイアウト」
 * (速販, 2016/9/1; https://paperzz.com/doc/6185757) for the order and the cell rules (phone and
 * postal code as 半角数字 with "-", names and address lines 16 characters each, the address up to
 * three lines), and jmleejake/csvProject NewSagawaVO.java for the headers as e飛伝 writes them.
 * e飛伝III reads the e飛伝II layout. Codes: 便種（スピードで選択） 000 = 飛脚宅配便, 元着区分 1 = 元払.
 * Left empty: 住所録コード, お届け先名称２, 部署・担当者, 荷姿コード, 品名３–５, 便種（商品）,
 * 配達日 and the delivery times (the shop takes none), 代引 and 保険 (no cash on delivery, no
 * insurance), 指定シール, 営業店止め, SRC区分, 営業店コード.
 * The result file (e飛伝's 出荷実績 / 送り状発行済データ) starts with お問合せ送り状No and carries
 * our 注文番号 in お客様管理ナンバー.
 */
const address = (index: number) => (l: ShippingLine) => addressLines([l.address, l.address2], 16, 3)[index]!;

export const SAGAWA_EHIDEN_COLUMNS: readonly LayoutColumn[] = [
  { label: '住所録コード' },
  { label: 'お届け先電話番号', cell: (l) => telCell(l.tel) },
  { label: 'お届け先郵便番号', cell: (l) => zipCell(l.zip) },
  { label: 'お届け先住所１', cell: address(0) },
  { label: 'お届け先住所２', cell: address(1) },
  { label: 'お届け先住所３', cell: address(2) },
  { label: 'お届け先名称１', cell: (l) => l.name },
  { label: 'お届け先名称２' },
  { label: 'お客様管理ナンバー', cell: (l) => String(l.orderNumber) },
  { label: 'お客様コード', cell: (_l, s) => s.sagawaCustomerCode },
  { label: '部署・担当者' },
  { label: '荷送人電話番号', cell: (_l, s) => telCell(s.sender.tel) },
  { label: '荷送人郵便番号', cell: (_l, s) => zipCell(s.sender.zip) },
  { label: '荷送人住所１', cell: (_l, s) => addressLines([s.sender.address], 16, 2)[0]! },
  { label: '荷送人住所２', cell: (_l, s) => addressLines([s.sender.address], 16, 2)[1]! },
  { label: '荷送人名称１', cell: (_l, s) => s.sender.name },
  { label: '荷送人名称２' },
  { label: '荷姿コード' },
  { label: '品名１', cell: (l) => contentsWithin(l, 16) },
  { label: '品名２', cell: (l) => (l.count > 1 ? `数量 ${l.count}` : '') },
  { label: '品名３' },
  { label: '品名４' },
  { label: '品名５' },
  { label: '出荷個数', cell: () => '1' },
  { label: '便種（スピードで選択）', cell: () => '000' },
  { label: '便種（商品）' },
  { label: '配達日' },
  { label: '配達指定時間帯' },
  { label: '配達指定時間（時分）' },
  { label: '代引金額' },
  { label: '消費税' },
  { label: '決済種別' },
  { label: '保険金額' },
  { label: '保険金額印字' },
  { label: '指定シール1' },
  { label: '指定シール2' },
  { label: '指定シール3' },
  { label: '営業店止め' },
  { label: 'SRC区分' },
  { label: '営業店コード' },
  { label: '元着区分', cell: () => '1' },
];

export const SAGAWA_EHIDEN_LAYOUT: CarrierLayout = {
  id: 'sagawa-ehiden',
  name: SHIPPING_LAYOUT_NAMES['sagawa-ehiden'],
  carrier: 'sagawa',
  columns: SAGAWA_EHIDEN_COLUMNS,
  results: {
    orderHistoryId: ['お客様管理ナンバー', 'お客様管理番号'],
    trackingNumber: ['お問合せ送り状No', 'お問合せ送り状NO', 'お問合せ送り状Ｎｏ', '問合せ番号', 'お問合せ番号', '送り状番号'],
  },
};
