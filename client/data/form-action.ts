import { data, redirect } from 'react-router';
import { fieldErrors, issuesToFields, safeParse, type Schema } from '../../shared/field-errors.ts';
import type { ApiResult } from '../../shared/api/client.ts';
import { NETWORK_ERROR_STATUS } from '../../shared/api/errors.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Text } from '../../shared/text.ts';

/** The form's text fields as sent (a file field, which no form of ours has, is dropped). */
export type FormValues = Record<string, string>;

/** What an action answers when the form cannot go through: shown by the form it re-renders. */
export interface FormFailure {
  /** Form-level message (the API's refusal, a network failure). */
  error?: Text;
  /** Per field, named like the API's fields. */
  fields?: Record<string, Text>;
  /** What was typed, so the form comes back filled in (never passwords). */
  values?: FormValues;
}

/** Fields that are never sent back into a page. */
const SECRET_FIELDS = new Set(['password', 'passwordConfirm']);

/**
 * A repeated name keeps its last value: a form's own hidden `intent` comes first, so a submit
 * button that names another one (e.g. "find address", `intent=zip`) wins when it is pressed.
 */
export async function readForm(request: Request): Promise<FormValues> {
  const values: FormValues = {};
  for (const [name, value] of await request.formData()) if (typeof value === 'string') values[name] = value;
  return values;
}

export function withoutSecrets(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.has(name)));
}

/**
 * A 400 with the messages; the form re-renders with them (no JavaScript) or shows them in place.
 * `extra` carries a screen's own state along (e.g. the step of a multi-step screen).
 */
export function formFailure<E extends object = object>(failure: FormFailure, values: FormValues = {}, status = 400, extra?: E) {
  return failWith(failure, values, status, extra ?? {});
}

function failWith<E extends object>(failure: FormFailure, values: FormValues, status: number, extra: E) {
  return data({ ...extra, ...failure, values: withoutSecrets(values) }, { status });
}

/**
 * The API's refusal as the form shows it: per-field messages where the API named fields, the §8
 * text for network failures and for a 429 that is not the API's own, else the API's message.
 */
export function apiFailure<E extends object = object>(result: Extract<ApiResult<unknown>, { ok: false }>, values: FormValues, extra?: E) {
  const { error, status } = result;
  let text: Text = { ja: error.message, en: error.messageEn };
  // The API's own 429 names the §8 text that fits (per e-mail or per client); keep it.
  if (status === 429 && error.code !== 'RATE_LIMITED') text = MESSAGES.retryLater;
  if (status === NETWORK_ERROR_STATUS) text = MESSAGES.communicationError;
  const hasFields = error.fields !== undefined && Object.keys(error.fields).length > 0;
  return formFailure({ error: hasFields && status === 400 ? undefined : text, fields: error.fields }, values, pageStatus(status), extra);
}

/** The re-rendered form's status: 429 stays (the wait matters), other refusals 400, failures 503. */
function pageStatus(apiStatus: number): number {
  if (apiStatus === 429) return 429;
  return apiStatus < 500 ? 400 : 503;
}

/** Checks the request body an action is about to send with the same rules the API enforces. */
export function checkInput<E extends object = object>(schema: Schema, input: unknown, values: FormValues, extra?: E) {
  const fields = fieldErrors(schema, input);
  return fields ? formFailure({ fields }, values, 400, extra) : null;
}

/** After a successful POST the browser goes on with a GET (303 See Other), never re-posting. */
export function seeOther(path: string): Response {
  return redirect(path, 303);
}

/** Like `checkInput`, but hands back the parsed, typed body to send when the form is valid. */
export function parseInput<S extends Schema, E extends object = object>(schema: S, input: unknown, values: FormValues, extra?: E) {
  const parsed = safeParse(schema, input);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return { ok: false as const, failure: formFailure({ fields: issuesToFields(parsed.error.issues) }, values, 400, extra) };
}
