/**
 * The sandbox's documented test cards (issue 8; README "Test cards"). Any other number that
 * passes the checks of a §9 brand registers and charges normally.
 */
export type TestCardBehaviour = 'ok' | 'decline_registration' | 'three_d_secure' | 'three_d_secure_always' | 'decline_charges';

export interface TestCard {
  number: string;
  brand: string;
  behaviour: TestCardBehaviour;
  ja: string;
  en: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', behaviour: 'ok', ja: '登録・決済とも成功', en: 'Registers and charges' },
  { number: '5555555555554444', brand: 'Mastercard', behaviour: 'ok', ja: '登録・決済とも成功', en: 'Registers and charges' },
  { number: '3530111333300000', brand: 'JCB', behaviour: 'ok', ja: '登録・決済とも成功', en: 'Registers and charges' },
  { number: '378282246310005', brand: 'American Express', behaviour: 'ok', ja: '登録・決済とも成功', en: 'Registers and charges' },
  { number: '30569309025904', brand: 'Diners Club', behaviour: 'ok', ja: '登録・決済とも成功', en: 'Registers and charges' },
  { number: '4000000000000002', brand: 'Visa', behaviour: 'decline_registration', ja: '登録時に拒否', en: 'Declined at registration' },
  {
    number: '4000000000003220', brand: 'Visa', behaviour: 'three_d_secure',
    ja: '3-Dセキュア認証（OTP 123456 で成功）', en: '3-D Secure challenge (OTP 123456 passes)',
  },
  {
    number: '4000000000003063', brand: 'Visa', behaviour: 'three_d_secure_always',
    ja: '登録時と毎回の決済で3-Dセキュア認証（OTP 123456 で成功）', en: '3-D Secure when registered and on every charge (OTP 123456 passes)',
  },
  { number: '4000000000000341', brand: 'Visa', behaviour: 'decline_charges', ja: '登録は成功、以後の決済はすべて拒否', en: 'Registers; every later charge is declined' },
];

/** The one-time password the sandbox's 3-D Secure challenge accepts. */
export const SANDBOX_OTP = '123456';

/** Deferred-payment screening declines this phone number (issue 8). */
export const SANDBOX_DECLINED_TEL = '09000000000';

export function behaviourOf(cardNumber: string): TestCardBehaviour {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.behaviour ?? 'ok';
}
