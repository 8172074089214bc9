import type { Text } from '../../../shared/text.ts';

export const RECEIPT_COPY = {
  title: { ja: '領収書', en: 'Receipt' },
  reissued: { ja: '再発行', en: 'Reissued' },
  number: { ja: '領収書番号', en: 'Receipt No.' },
  orderNumber: { ja: '注文番号', en: 'Order No.' },
  issuedAt: { ja: '発行日', en: 'Issued on' },
  honorific: { ja: '様', en: '' },
  amount: { ja: '金額', en: 'Amount' },
  taxIncluded: { ja: '（税込）', en: ' (tax incl.)' },
  description: { ja: '但し', en: 'For' },
  received: { ja: '上記正に領収いたしました。', en: 'Received with thanks.' },
  transactionDate: { ja: '取引年月日', en: 'Transaction date' },
  method: { ja: 'お支払い方法', en: 'Payment method' },
  breakdown: { ja: '内訳', en: 'Tax breakdown' },
  parcel: { ja: '配送', en: 'Delivery' },
  shipping: { ja: '送料', en: 'Shipping' },
  issuer: { ja: '発行者', en: 'Issuer' },
  registration: { ja: '登録番号', en: 'Registration No.' },
  print: { ja: '印刷する', en: 'Print' },
  printHint: {
    ja: 'ブラウザの印刷機能（A4）で印刷・PDF保存できます。',
    en: 'Print or save as PDF (A4) with your browser\'s print command.',
  },
  formTitle: { ja: '宛名を入力して発行', en: 'Enter the addressee and issue' },
  reissueTitle: { ja: '宛名を変えて再発行', en: 'Reissue to another addressee' },
  addressee: { ja: '宛名', en: 'Addressee' },
  addresseeHint: { ja: '100文字以内（会社名など）。発行後は「再発行」と表示されます。', en: 'Up to 100 characters (e.g. a company). Later issues are marked "Reissued".' },
  issue: { ja: '領収書を発行する', en: 'Issue the receipt' },
  reissue: { ja: '再発行する', en: 'Reissue' },
  unavailableTitle: { ja: '領収書を発行できません', en: 'No receipt for this order' },
} as const satisfies Record<string, Text>;

/** 「税率10%対象 ¥7,260（内消費税 ¥660）」 */
export function taxLine(ratePercent: number, amount: string, tax: string): Text {
  return { ja: `税率${ratePercent}%対象 ${amount}（内消費税 ${tax}）`, en: `Subject to ${ratePercent}% tax: ${amount} (incl. tax ${tax})` };
}
