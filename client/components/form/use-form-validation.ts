import { useState, type FocusEvent, type FormEvent } from 'react';
import { fieldErrors, type Schema } from '../../../shared/field-errors.ts';
import type { Text } from '../../../shared/text.ts';
import type { FormFailure, FormValues } from '../../data/form-action.ts';

/** How a form turns what was typed into the request body its action sends (and the rules check). */
export interface FormRules {
  schema: Schema;
  toInput: (values: FormValues) => unknown;
}

interface ValidationState {
  /** The server answer these client messages were computed against. */
  server: FormFailure | undefined;
  /** Fields the browser has judged (left once, or the whole form on submit). */
  judged: ReadonlySet<string>;
  errors: Record<string, Text>;
}

function formValues(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

function fieldName(target: EventTarget): string | null {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
    ? target.name || null
    : null;
}

/**
 * Instant messages from the shared rules: a field is judged when it is left and re-judged as it
 * is corrected; submitting judges every field and stops the request while one is wrong. Until the
 * browser has judged a field, the server's message for it (the fallback) is what shows.
 */
export function useFormValidation(rules: FormRules | undefined, server: FormFailure | undefined) {
  const [state, setState] = useState<ValidationState>({ server, judged: new Set(), errors: {} });
  if (state.server !== server) setState({ server, judged: new Set(), errors: {} });

  function judge(form: HTMLFormElement, names: string[]): Record<string, Text> {
    if (!rules) return {};
    const errors = fieldErrors(rules.schema, rules.toInput(formValues(form))) ?? {};
    setState((s) => ({ server: s.server, judged: new Set([...s.judged, ...names]), errors }));
    return errors;
  }

  return {
    errorOf(name: string): Text | undefined {
      return state.judged.has(name) ? state.errors[name] : server?.fields?.[name];
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      if (name) judge(event.currentTarget, [name]);
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      // A field the server flagged is re-judged as it is corrected too: were its message to vanish
      // only on blur, the submit button would jump away under the pointer that is clicking it.
      if (name && (state.judged.has(name) || server?.fields?.[name])) judge(event.currentTarget, [name]);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      const names = [...form.elements].map((el) => fieldName(el)).filter((n): n is string => n !== null);
      const errors = judge(form, names);
      const first = names.find((n) => errors[n]);
      if (!first) return;
      event.preventDefault();
      const element = form.elements.namedItem(first);
      if (element instanceof HTMLElement) element.focus();
    },
  };
}
