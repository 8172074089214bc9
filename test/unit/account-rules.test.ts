import { describe, expect, it } from 'vitest';
import {
  CheckCodeInput,
  EmailChangeInput,
  FORM_FIELD,
  LoginInput,
  PasswordChangeInput,
  ProfileInput,
  ReminderInput,
  SendMailInput,
  SignupInput,
  fieldErrors,
  ruleText,
} from '../../shared/account-rules.ts';
import { MESSAGES } from '../../shared/messages.ts';

/** A sign-up that passes every rule; each case below breaks one field. */
const GOOD_SIGNUP = {
  email: 'hanako@example.com',
  code: '012345',
  name: '推野 花子',
  zip: '1500002',
  address: '東京都渋谷区渋谷',
  address2: '2-24-12 オシビル3F',
  birthday: '1995-04-01',
  gender: 'FEMALE',
  tel: '0312345678',
  password: 'secret123',
  passwordConfirm: 'secret123',
  agreement: true,
};

/** A new password is typed twice: a case about the password changes both. */
const errorsFor = (field: string, value: unknown) =>
  fieldErrors(SignupInput, { ...GOOD_SIGNUP, [field]: value, ...(field === 'password' ? { passwordConfirm: value } : {}) });

describe('docs/spec.md §5 field rules with the §8 messages', () => {
  it('accepts a sign-up that keeps every rule', () => {
    expect(fieldErrors(SignupInput, GOOD_SIGNUP)).toBeNull();
  });

  it.each([
    // name: required, ≤200, kanji/katakana/hiragana/half-width alphanumerics
    ['name', '', MESSAGES.nameRequired],
    ['name', '   ', MESSAGES.nameRequired],
    ['name', undefined, MESSAGES.nameRequired],
    ['name', '山'.repeat(201), MESSAGES.nameTooLong],
    ['name', 'Hanako!', MESSAGES.nameCharacters],
    ['name', '花子😀', MESSAGES.nameCharacters],
    ['name', 'ＨＡＮＡＫＯ', MESSAGES.nameCharacters],
    // email: required, ≤200, well formed
    ['email', '', MESSAGES.emailRequired],
    ['email', 'not-an-email', MESSAGES.emailInvalid],
    ['email', 'a@b', MESSAGES.emailInvalid],
    ['email', `${'a'.repeat(190)}@example.com`, MESSAGES.emailTooLong],
    // phone: 9–11 digits once hyphens, spaces and full width are normalised away
    ['tel', '', MESSAGES.telRequired],
    ['tel', '090-1234', MESSAGES.telFormat],
    ['tel', '12345678', MESSAGES.telFormat],
    ['tel', '123456789012', MESSAGES.telFormat],
    ['tel', '０９０－１２３４－５６７８９', MESSAGES.telFormat],
    ['tel', '090-1234-567O', MESSAGES.telCharacters],
    ['tel', '03.1234.5678', MESSAGES.telCharacters],
    ['tel', '内線 0312345678', MESSAGES.telCharacters],
    // birthday: required, a real day
    ['birthday', '', MESSAGES.birthdayRequired],
    ['birthday', '1995-02-30', MESSAGES.birthdayInvalid],
    ['birthday', '1995/04/01', MESSAGES.birthdayInvalid],
    ['birthday', '1899-12-31', MESSAGES.birthdayInvalid],
    ['birthday', '2999-01-01', MESSAGES.birthdayInvalid],
    // zip: 7 digits once hyphens and full-width digits are normalised away
    ['zip', '', MESSAGES.zipRequired],
    ['zip', '150-000', MESSAGES.zipFormat],
    ['zip', '150000', MESSAGES.zipFormat],
    ['zip', '１５０００２', MESSAGES.zipFormat],
    ['zip', '150-0002a', MESSAGES.zipFormat],
    // address: ≤200, includes the prefecture
    ['address', '', MESSAGES.addressRequired],
    ['address', '渋谷区渋谷', MESSAGES.addressPrefecture],
    ['address', `東京都${'あ'.repeat(200)}`, MESSAGES.addressTooLong],
    // address 2: required, ≤200, half-width digits
    ['address2', '', MESSAGES.address2Required],
    ['address2', '二丁目', MESSAGES.address2Digits],
    ['address2', '２－２４', MESSAGES.address2Digits],
    ['address2', `1${'あ'.repeat(200)}`, MESSAGES.address2TooLong],
    // password: 8–100 with a letter and a digit; confirmation matches
    ['password', '', MESSAGES.passwordRequired],
    ['password', 'abc1234', MESSAGES.passwordLength],
    ['password', `a1${'x'.repeat(99)}`, MESSAGES.passwordLength],
    ['password', 'abcdefgh', MESSAGES.passwordLetterDigit],
    ['password', '12345678', MESSAGES.passwordLetterDigit],
    ['passwordConfirm', 'secret124', MESSAGES.passwordMismatch],
    ['agreement', false, MESSAGES.agreeTerms],
    ['agreement', undefined, MESSAGES.agreeTerms],
    ['code', '12345', MESSAGES.codeIncorrect],
    ['code', 'abcdef', MESSAGES.codeIncorrect],
    ['code', '1234567', MESSAGES.codeIncorrect],
    ['gender', 'NOBODY', MESSAGES.genderInvalid],
  ])('%s = %j → its message', (field, value, message) => {
    expect(errorsFor(field, value)).toEqual({ [field]: message });
  });

  it.each([
    ['name', 'おしの ハナコ Hanako2'],
    ['name', '佐々木　ﾊﾅｺ'],
    ['email', '  hanako@example.com '],
    ['tel', '090123456'],
    ['tel', '09012345678'],
    ['tel', '090-1234-5678'],
    ['tel', '０９０１２３４５６７８'],
    ['tel', '03 (1234) 5678'],
    ['birthday', '2000-02-29'],
    ['address', '北海道札幌市'],
    ['address2', '1'],
    ['password', 'a'.repeat(99) + '1'],
    ['gender', undefined],
  ])('%s = %j passes', (field, value) => {
    expect(errorsFor(field, value)).toBeNull();
  });

  it('gives every broken field at once, each with its own message', () => {
    const errors = fieldErrors(SignupInput, {});
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ['address', 'address2', 'agreement', 'birthday', 'code', 'email', 'name', 'password', 'passwordConfirm', 'tel', 'zip'].sort(),
    );
  });

  it('names unknown keys instead of ignoring them (strict bodies)', () => {
    expect(fieldErrors(SignupInput, { ...GOOD_SIGNUP, admin: true })).toEqual({ admin: MESSAGES.fieldInvalid });
  });

  it('stores the phone number as its digits alone, however it was typed', () => {
    for (const typed of ['090-1234-5678', '０９０－１２３４－５６７８', '０９０１２３４５６７８', ' 090 1234 5678 ', '+81 90-1234-5678']) {
      expect(SignupInput.parse({ ...GOOD_SIGNUP, tel: typed }).tel, typed).toBe('09012345678');
      expect(ProfileInput.parse({ tel: typed }).tel, typed).toBe('09012345678');
    }
  });

  it('trims the e-mail but never the password', () => {
    const parsed = SignupInput.parse({ ...GOOD_SIGNUP, email: ' hanako@example.com ' });
    expect(parsed.email).toBe('hanako@example.com');
    expect(fieldErrors(SignupInput, { ...GOOD_SIGNUP, password: ' secret123', passwordConfirm: 'secret123' })).toEqual({
      passwordConfirm: MESSAGES.passwordMismatch,
    });
  });
});

describe('request schemas', () => {
  it('login: both fields required, no password rules revealed', () => {
    expect(fieldErrors(LoginInput, { email: 'a@example.com', password: 'x' })).toBeNull();
    expect(fieldErrors(LoginInput, { email: '', password: '' })).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
    });
    expect(fieldErrors(LoginInput, { email: 'a@example.com', password: 'x'.repeat(101) })).toEqual({ password: MESSAGES.loginFailed });
  });

  it('send mail and check code: the type is one of three', () => {
    expect(fieldErrors(SendMailInput, { email: 'a@example.com', type: 'signup' })).toBeNull();
    expect(fieldErrors(SendMailInput, { email: 'a@example.com', type: 'admin' })).toEqual({ type: MESSAGES.mailTypeInvalid });
    expect(fieldErrors(CheckCodeInput, { email: 'a@example.com', type: 'reminder', code: '123456' })).toBeNull();
    expect(fieldErrors(CheckCodeInput, { email: 'a@example.com', type: 'reminder' })).toEqual({ code: MESSAGES.codeIncorrect });
  });

  it('reminder: code and new password; the confirmation is optional but must match', () => {
    const good = { email: 'a@example.com', code: '123456', password: 'newpass99' };
    expect(fieldErrors(ReminderInput, good)).toBeNull();
    expect(fieldErrors(ReminderInput, { ...good, passwordConfirm: 'newpass99' })).toBeNull();
    expect(fieldErrors(ReminderInput, { ...good, passwordConfirm: 'other' })).toEqual({ passwordConfirm: MESSAGES.passwordMismatch });
    expect(fieldErrors(ReminderInput, { ...good, password: 'short1' })).toEqual({ password: MESSAGES.passwordLength });
  });

  it('password change: the new password alone', () => {
    expect(fieldErrors(PasswordChangeInput, { password: 'newpass99' })).toBeNull();
    expect(fieldErrors(PasswordChangeInput, { password: 'newpass99', code: '123456' })).toEqual({ code: MESSAGES.fieldInvalid });
  });

  it('profile: any subset, but not nothing', () => {
    expect(fieldErrors(ProfileInput, { tel: '0312345678' })).toBeNull();
    expect(fieldErrors(ProfileInput, {})).toEqual({ [FORM_FIELD]: MESSAGES.nothingToChange });
    expect(fieldErrors(ProfileInput, { zip: '150-000' })).toEqual({ zip: MESSAGES.zipFormat });
    expect(fieldErrors(ProfileInput, { zip: '１５０－０００２' })).toBeNull();
    expect(fieldErrors(ProfileInput, { email: 'a@example.com' })).toEqual({ email: MESSAGES.fieldInvalid });
  });

  it('e-mail change: the new address and its code', () => {
    expect(fieldErrors(EmailChangeInput, { email: 'new@example.com', code: '123456' })).toBeNull();
    expect(fieldErrors(EmailChangeInput, { email: 'new@', code: '' })).toEqual({
      email: MESSAGES.emailInvalid,
      code: MESSAGES.codeIncorrect,
    });
  });
});

describe('ruleText', () => {
  it('maps catalogue keys back to both languages and nothing else', () => {
    expect(ruleText('passwordMismatch')).toEqual(MESSAGES.passwordMismatch);
    expect(ruleText('toString')).toBeNull();
    expect(ruleText('Invalid input')).toBeNull();
  });

  it('every catalogue message has Japanese and English', () => {
    for (const text of Object.values(MESSAGES)) {
      expect(text.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(text.en).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});

describe('messages at once', () => {
  it('shows the mismatch even when other fields are wrong too', () => {
    const errors = fieldErrors(SignupInput, { ...GOOD_SIGNUP, name: '', agreement: false, passwordConfirm: 'other123' });
    expect(errors).toEqual({ name: MESSAGES.nameRequired, agreement: MESSAGES.agreeTerms, passwordConfirm: MESSAGES.passwordMismatch });
  });
});
