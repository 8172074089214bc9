import { createContext, useContext } from 'react';
import type { Text } from '../../../shared/text.ts';

/** What a field needs from its form: its message (instant or the server's) and its last value. */
export interface FormFieldState {
  errorOf(name: string): Text | undefined;
  valueOf(name: string): string | undefined;
}

const FormFieldContext = createContext<FormFieldState>({ errorOf: () => undefined, valueOf: () => undefined });

export const FormFieldProvider = FormFieldContext.Provider;

export function useFormField(name: string): { error: Text | undefined; value: string | undefined } {
  const state = useContext(FormFieldContext);
  return { error: state.errorOf(name), value: state.valueOf(name) };
}
