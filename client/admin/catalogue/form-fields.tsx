import { useId, type ReactNode } from 'react';
import type { Text } from '../../../shared/text.ts';
import { FieldMessage } from '../../components/form/field.tsx';
import { useFormField } from '../../components/form/form-context.ts';
import { useT } from '../../lang.tsx';

/**
 * The catalogue forms' other controls, marked up like the shop's `Field` (label, hint, message
 * tied with aria-describedby, the value typed coming back after a failed POST).
 */
interface ControlProps {
  name: string;
  label: Text;
  hint?: Text;
  defaultValue?: string;
}

function useControl(name: string, hint: Text | undefined) {
  const id = useId();
  const { error, value } = useFormField(name);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, error, value, describedBy };
}

function Frame({ id, label, hint, error, children }: { id: string; label: Text; hint?: Text; error: Text | undefined; children: ReactNode }) {
  const t = useT();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className="form-hint">{t(hint)}</p> : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextArea({ name, label, hint, defaultValue, maxLength, rows = 4 }: ControlProps & { maxLength: number; rows?: number }) {
  const { id, error, value, describedBy } = useControl(name, hint);
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} name={name} className="form-input" rows={rows} maxLength={maxLength} defaultValue={value ?? defaultValue}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} />
    </Frame>
  );
}

export function Select({ name, label, hint, defaultValue, options }: ControlProps & { options: readonly { value: string; label: Text }[] }) {
  const { id, error, value, describedBy } = useControl(name, hint);
  const t = useT();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select id={id} name={name} className="form-input" defaultValue={value ?? defaultValue}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined}>
        {options.map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
      </select>
    </Frame>
  );
}

export function Checkbox({ name, label, defaultChecked }: { name: string; label: Text; defaultChecked: boolean }) {
  const id = useId();
  const { value } = useFormField(name);
  const t = useT();
  return (
    <div className="form-field form-check">
      <input type="checkbox" id={id} name={name} value="on" defaultChecked={value === undefined ? defaultChecked : value === 'on'} />
      <label htmlFor={id}>{t(label)}</label>
    </div>
  );
}
