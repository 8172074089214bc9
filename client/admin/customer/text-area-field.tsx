import { useId } from 'react';
import type { Text } from '../../../shared/text.ts';
import { FieldMessage } from '../../components/form/field.tsx';
import { useFormField } from '../../components/form/form-context.ts';
import { useT } from '../../lang.tsx';

/** A labelled multi-line field wired like the shop's `Field` (its message, what was typed). */
export function TextAreaField({ name, label, maxLength, required }: { name: string; label: Text; maxLength: number; required?: boolean }) {
  const id = useId();
  const t = useT();
  const { error, value } = useFormField(name);
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <textarea id={id} name={name} defaultValue={value} maxLength={maxLength} required={required} rows={3} className="form-input"
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
