/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and what each one does. A
 * number that is not a test card is declined, as Stripe's test mode declines real cards.
 */
export type CardBrand = 'visa' | 'mastercard' | 'jcb' | 'amex' | 'diners';

export type CardBehaviour =
  /** Saves and charges. */
  | 'succeeds'
  /** Declined when saved (card_declined, generic_decline). */
  | 'declined_on_setup'
  /** Saves; every charge is declined. */
  | 'declined_on_charge'
  /** 3-D Secure when saved; later off-session charges succeed; on-session charges authenticate. */
  | 'authenticate_on_setup'
  /** 3-D Secure when saved, and every off-session charge fails with authentication_required. */
  | 'authenticate_always';

export interface TestCard {
  brand: CardBrand;
  behaviour: CardBehaviour;
  funding: 'credit';
}

const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds', funding: 'credit' },
  '5555555555554444': { brand: 'mastercard', behaviour: 'succeeds', funding: 'credit' },
  '3566002020360505': { brand: 'jcb', behaviour: 'succeeds', funding: 'credit' },
  '378282246310005': { brand: 'amex', behaviour: 'succeeds', funding: 'credit' },
  '36227206271667': { brand: 'diners', behaviour: 'succeeds', funding: 'credit' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined_on_setup', funding: 'credit' },
  '4000000000000341': { brand: 'visa', behaviour: 'declined_on_charge', funding: 'credit' },
  '4000002500003155': { brand: 'visa', behaviour: 'authenticate_on_setup', funding: 'credit' },
  '4000002760003184': { brand: 'visa', behaviour: 'authenticate_always', funding: 'credit' },
};

export function findTestCard(number: string): TestCard | null {
  return TEST_CARDS[number] ?? null;
}

export function needsAuthenticationOnSetup(card: TestCard): boolean {
  return card.behaviour === 'authenticate_on_setup' || card.behaviour === 'authenticate_always';
}

export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM / YY` (spaces optional) → month and four-digit year, or null. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expiry.year < year || (expiry.year === year && expiry.month < now.getUTCMonth() + 1);
}
