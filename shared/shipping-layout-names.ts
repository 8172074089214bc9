import type { Text } from './text.ts';

/**
 * The layouts a round's shipping list is written in, by id and name: what the console's export
 * form offers and the API validates, without the tables themselves (shared/shipping-layouts.ts).
 */
export const SHIPPING_LAYOUT_IDS = ['oshibox', 'yamato-b2', 'sagawa-ehiden', 'japanpost-yuprir'] as const;
export type ShippingLayoutId = (typeof SHIPPING_LAYOUT_IDS)[number];

export const SHIPPING_LAYOUT_NAMES: Record<ShippingLayoutId, Text> = {
  oshibox: { ja: 'OshiBox 標準（倉庫・Excel用）', en: 'OshiBox standard (warehouse, Excel)' },
  'yamato-b2': { ja: 'ヤマト運輸 B2クラウド', en: 'Yamato B2 Cloud' },
  'sagawa-ehiden': { ja: '佐川急便 e飛伝', en: 'Sagawa e-Hiden' },
  'japanpost-yuprir': { ja: '日本郵便 ゆうプリR', en: 'Japan Post Yu-Pri R' },
};

export function isShippingLayout(value: string): value is ShippingLayoutId {
  return (SHIPPING_LAYOUT_IDS as readonly string[]).includes(value);
}

/** What the layout field's 400 says. */
export const LAYOUT_FIELD_TEXT: Text = {
  ja: `レイアウト（layout）は ${SHIPPING_LAYOUT_IDS.join('、')} のいずれかです。`,
  en: `The layout is one of ${SHIPPING_LAYOUT_IDS.join(', ')}.`,
};
