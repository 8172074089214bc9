import { z } from 'zod';
import type { CardBrand } from '../../../shared/payment.ts';
import { detectBrand, normaliseCardNumber, parseExpiry, passesLuhn } from './card-number.ts';
import type { FieldErrors } from './sandbox-html.ts';
import { behaviourOf, type TestCardBehaviour } from './test-cards.ts';

/** The hosted form's fields, bounded before any check (a form post can carry anything). */
const FormSchema = z.object({
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(20).default(''),
  cvc: z.string().max(10).default(''),
  holder: z.string().max(100).default(''),
});

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  expiry: string;
  behaviour: TestCardBehaviour;
}

const T = {
  numberRequired: { ja: 'カード番号を入力してください。', en: 'Enter the card number.' },
  numberInvalid: { ja: 'カード番号が正しくありません。', en: 'The card number is not valid.' },
  brand: {
    ja: 'このカードブランドはご利用いただけません（Visa・Mastercard・JCB・American Express・Diners Clubのみ）。',
    en: 'This card brand is not accepted (Visa, Mastercard, JCB, American Express and Diners Club only).',
  },
  expiryFormat: { ja: '有効期限を MM/YY の形式で入力してください。', en: 'Enter the expiry as MM/YY.' },
  expiryPast: { ja: '有効期限が切れています。', en: 'The card has expired.' },
  cvc: { ja: 'セキュリティコードを正しく入力してください（Amexは4桁、その他は3桁）。', en: 'Enter the security code (4 digits for Amex, 3 for others).' },
  holder: { ja: 'カード名義をローマ字で入力してください。', en: 'Enter the name on the card in Latin letters.' },
};

/** Checks the form like a gateway does; the number and CVC never leave this function. */
export function checkCardForm(body: unknown, now: Date): { ok: true; card: CheckedCard; holder: string } | { ok: false; errors: FieldErrors; holder: string; expiry: string } {
  const parsed = FormSchema.safeParse(body ?? {});
  const form = parsed.success ? parsed.data : { cardNumber: '', expiry: '', cvc: '', holder: '' };
  const errors: FieldErrors = {};
  const digits = normaliseCardNumber(form.cardNumber);
  let brand: CardBrand | null = null;
  if (!form.cardNumber.trim()) errors.cardNumber = T.numberRequired;
  else if (!digits || !passesLuhn(digits)) errors.cardNumber = T.numberInvalid;
  else if (!(brand = detectBrand(digits))) errors.cardNumber = T.brand;
  const expiry = parseExpiry(form.expiry, now);
  if (!expiry.ok) errors.expiry = expiry.past ? T.expiryPast : T.expiryFormat;
  const cvcLength = brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(form.cvc.trim())) errors.cvc = T.cvc;
  const holder = form.holder.trim();
  if (!/^[A-Za-z][A-Za-z .'-]{0,59}$/.test(holder)) errors.holder = T.holder;
  if (!digits || !brand || !expiry.ok || Object.keys(errors).length > 0) {
    return { ok: false, errors, holder: holder.slice(0, 60), expiry: form.expiry.slice(0, 7) };
  }
  return { ok: true, holder, card: { brand, last4: digits.slice(-4), expiry: expiry.expiry, behaviour: behaviourOf(digits) } };
}
