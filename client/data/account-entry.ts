import { data } from 'react-router';
import * as z from 'zod/mini';
import { CheckCodeInput, ReminderInput, SendMailInput, SignupInput } from '../../shared/account-rules.ts';
import type { ApiClient } from '../../shared/api/client.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { addressFromZip, isCompleteZip, normalizeZip } from '../../shared/postal-code.ts';
import type { Text } from '../../shared/text.ts';
import { apiFailure, checkInput, formFailure, parseInput, seeOther, withoutSecrets, type FormFailure, type FormValues } from './form-action.ts';

/** The shared sign-up / reminder screen (docs/spec.md §2): one of two types, three steps. */
export type EntryType = 'signup' | 'reminder';
export type EntryStep = 'email' | 'code' | 'details';

/** What each step answers: the step to show next, the state it carries (e-mail, code), messages. */
export interface EntryState extends FormFailure {
  step: EntryStep;
  notice?: Text;
}

/** Each form of the screen says which step it is (`intent`); the action accepts only these. */
export const EntryIntent = z.enum(['send', 'check', 'zip', 'signup', 'reset']);
export type EntryIntent = z.infer<typeof EntryIntent>;

export const ENTRY_NOTICES = {
  codeSent: { ja: '認証コードを送信しました。メールをご確認ください。', en: 'We sent you an authentication code. Please check your mail.' },
  zipNotFound: { ja: 'この郵便番号の住所が見つかりませんでした。住所を直接入力してください。', en: 'No address was found for this postal code. Please type the address.' },
  startOver: {
    ja: '認証コードの有効期限が切れたか、正しくありません。最初からやり直してください。',
    en: 'The authentication code has expired or is not valid. Please start over.',
  },
} as const satisfies Record<string, Text>;

export interface EntryContext {
  api: ApiClient;
  type: EntryType;
  values: FormValues;
  /** Where a new member goes once signed up. */
  returnTo: string;
  /** Where a reminder ends: the user is signed in with the new password by then. */
  resetDonePath: string;
}

/** The next step, with what it carries back into the page (never a password). */
const moveTo = (step: EntryStep, values: FormValues, notice?: Text) => data<EntryState>({ step, values: withoutSecrets(values), notice });

export const emailOf = (values: FormValues) => (values.email ?? '').trim();
const langOf = (values: FormValues): 'ja' | 'en' => (values.lang === 'en' ? 'en' : 'ja');

export function toSendInput(type: EntryType) {
  return (values: FormValues) => ({ email: emailOf(values), type });
}

export function toCheckInput(type: EntryType) {
  return (values: FormValues) => ({ email: emailOf(values), code: (values.code ?? '').trim(), type });
}

export function toSignupInput(values: FormValues) {
  return {
    email: emailOf(values),
    code: values.code ?? '',
    name: values.name ?? '',
    nameKana: values.nameKana ?? '',
    zip: normalizeZip(values.zip ?? ''),
    address: values.address ?? '',
    address2: values.address2 ?? '',
    birthday: values.birthday ?? '',
    gender: values.gender || 'UNKNOWN',
    tel: values.tel ?? '',
    password: values.password ?? '',
    passwordConfirm: values.passwordConfirm ?? '',
    agreement: values.agreement === 'on',
  };
}

export function toReminderInput(values: FormValues) {
  return { email: emailOf(values), code: values.code ?? '', password: values.password ?? '', passwordConfirm: values.passwordConfirm ?? '' };
}

/** Step 1: mail a code in the language the screen is shown in. */
async function send({ api, type, values }: EntryContext) {
  const input = toSendInput(type)(values);
  const step = { step: 'email' as const };
  const invalid = checkInput(SendMailInput, input, values, step);
  if (invalid) return invalid;
  const result = await api.sendMail(input, langOf(values));
  if (!result.ok) return apiFailure(result, values, step);
  return moveTo('code', { email: input.email, lang: langOf(values) }, ENTRY_NOTICES.codeSent);
}

/** Step 2: the code is right (not yet used up: the last step proves it again). */
async function check({ api, type, values }: EntryContext) {
  const input = toCheckInput(type)(values);
  const step = { step: 'code' as const };
  const invalid = checkInput(CheckCodeInput, input, values, step);
  if (invalid) return invalid;
  const result = await api.checkCode(input);
  if (!result.ok) return apiFailure(result, values, step);
  return moveTo('details', { email: input.email, code: input.code, lang: langOf(values) });
}

/** Without JavaScript, the "find address" button fills the address on the server. */
async function fillAddress({ api, values }: EntryContext) {
  const zip = normalizeZip(values.zip ?? '');
  const step = { step: 'details' as const };
  if (!isCompleteZip(zip)) return formFailure({ fields: { zip: MESSAGES.zipFormat } }, values, 400, step);
  const found = await api.zip(zip);
  if (!found.ok) return formFailure({ fields: { zip: ENTRY_NOTICES.zipNotFound } }, { ...values, zip }, 400, step);
  return moveTo('details', { ...values, zip, address: addressFromZip(found.data) });
}

/**
 * A refusal of the last step that names the e-mail or code (hidden by then: expired, used, wrong)
 * cannot be fixed on this form; it says so at the top instead.
 */
function lastStepFailure(result: Parameters<typeof apiFailure>[0], values: FormValues) {
  const fields = result.error.fields ?? {};
  if (result.status === 400 && (fields.code || fields.email)) {
    return formFailure({ error: ENTRY_NOTICES.startOver }, values, 400, { step: 'details' as const });
  }
  return apiFailure(result, values, { step: 'details' as const });
}

async function signup({ api, values, returnTo }: EntryContext) {
  const input = parseInput(SignupInput, toSignupInput(values), values, { step: 'details' as const });
  if (!input.ok) return input.failure;
  const result = await api.createUser(input.data);
  return result.ok ? seeOther(returnTo) : lastStepFailure(result, values);
}

/** The API signs the user in with the new password, so the reminder ends on the profile, saying so. */
async function reset({ api, values, resetDonePath }: EntryContext) {
  const input = parseInput(ReminderInput, toReminderInput(values), values, { step: 'details' as const });
  if (!input.ok) return input.failure;
  const result = await api.updateLoginPass(input.data);
  return result.ok ? seeOther(resetDonePath) : lastStepFailure(result, values);
}

const STEPS: Record<EntryType, Partial<Record<EntryIntent, (ctx: EntryContext) => Promise<unknown>>>> = {
  signup: { send, check, zip: fillAddress, signup },
  reminder: { send, check, reset },
};

/** Runs the step the form names; an intent this type of screen does not have is a 400. */
export function runEntryStep(intent: string | undefined, ctx: EntryContext) {
  const parsed = EntryIntent.safeParse(intent);
  const step = parsed.success ? STEPS[ctx.type][parsed.data] : undefined;
  if (!step) return formFailure({ error: MESSAGES.fieldInvalid }, {}, 400, { step: 'email' as const });
  return step(ctx);
}
