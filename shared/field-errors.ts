import type { z } from 'zod';
import { MESSAGES } from './messages.ts';
import type { Text } from './text.ts';

/**
 * Turning a schema's issues into the §8 messages per field. Kept apart from the schemas
 * (shared/account-rules.ts) and free of zod at run time, so every page's first JavaScript
 * (the logout form, the form actions) does not carry zod: only the pages with a form do.
 */
export type MessageKey = keyof typeof MESSAGES;

type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: z.core.$ZodIssue[] } };

/**
 * A schema of either zod flavour: classic (the API's own schemas) or `zod/mini` (the shared form
 * rules, kept small for the browser). Both parse alike; this names what the callers rely on.
 */
export type Schema = z.core.$ZodType & { safeParse(input: unknown): Parsed<unknown> };

/** `schema.safeParse`, typed by the schema's output whichever flavour it is. */
export function safeParse<S extends Schema>(schema: S, input: unknown): Parsed<z.output<S>> {
  return schema.safeParse(input) as Parsed<z.output<S>>;
}

/** The key of a message about the whole form rather than one field. */
export const FORM_FIELD = 'form';

/** The message of a rule issue, or null when the issue is not one of ours (a stray key…). */
export function ruleText(message: string): Text | null {
  return Object.hasOwn(MESSAGES, message) ? MESSAGES[message as MessageKey] : null;
}

/**
 * The one check both sides run: null when valid, else one message per field, named by the
 * request's field names (the first rule a field breaks wins).
 */
export function fieldErrors(schema: Schema, input: unknown): Record<string, Text> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  return issuesToFields(result.error.issues);
}

export function issuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, Text> {
  const fields: Record<string, Text> = {};
  for (const issue of issues) {
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || FORM_FIELD];
    for (const name of names) fields[name] ??= ruleText(issue.message) ?? MESSAGES.fieldInvalid;
  }
  // A rule on the whole form (e.g. "enter something to change") matters only when no field failed.
  if (Object.keys(fields).length > 1) delete fields[FORM_FIELD];
  return fields;
}
