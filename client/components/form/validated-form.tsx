import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { FormFieldProvider } from './form-context.ts';
import { FormError } from './form-message.tsx';
import { useFormValidation, type FormRules } from './use-form-validation.ts';

interface ValidatedFormProps {
  /** The action's last answer for this form (messages and what was typed). */
  failure: FormFailure | undefined;
  /** The shared rules, checked in the browser before the request goes out. */
  rules?: FormRules;
  /** Tells several forms of one page apart (`intent`, validated by the action). */
  intent?: string;
  className?: string;
  /** A page's own route when not the current one (e.g. logout from the menu). */
  action?: string;
  /**
   * The label of the button that Enter presses, when the form has other submit buttons before
   * its main one (e.g. the postal-code search): a hidden first submit button that saves.
   */
  enterSubmits?: Text;
  children: ReactNode;
}

/**
 * Every form of the shop: a React Router `<Form method="post">`, so with JavaScript off the
 * browser POSTs to the page and the server runs the same action. The browser's own validation is
 * off (`noValidate`): the shared rules give the same messages in both languages everywhere.
 */
export function ValidatedForm({ failure, rules, intent, className, action, enterSubmits, children }: ValidatedFormProps) {
  const t = useT();
  const validation = useFormValidation(rules, failure);
  const fieldState = { errorOf: validation.errorOf, valueOf: (name: string) => failure?.values?.[name] };
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className={className ? `form ${className}` : 'form'}
      onBlur={validation.onBlur}
      onChange={validation.onChange}
      onSubmit={validation.onSubmit}
    >
      {enterSubmits ? (
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">{t(enterSubmits)}</button>
      ) : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {failure?.error ? <FormError text={failure.error} /> : null}
      <FormFieldProvider value={fieldState}>{children}</FormFieldProvider>
    </Form>
  );
}
