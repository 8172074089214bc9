import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { useFormField } from './form-context.ts';

const REQUIRED: Text = { ja: '必須', en: 'Required' };

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'aria-invalid' | 'aria-describedby'>;

interface FieldProps extends InputProps {
  name: string;
  label: Text;
  /** A hint under the field (format, limits), read with it by screen readers. */
  hint?: Text;
  ref?: Ref<HTMLInputElement>;
}

/** Ids of the hint and message that describe a field, for `aria-describedby`. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** The message under a field: linked to it by id, announced when it appears. */
export function FieldMessage({ id, error }: { id: string; error: Text | undefined }) {
  const t = useT();
  return error ? (
    <p id={id} className="form-field-error">
      {t(error)}
    </p>
  ) : null;
}

/**
 * A labelled input. Its message (the browser's instant check or the server's) is tied to it with
 * `aria-describedby` and marks it `aria-invalid`; after a failed POST it comes back with what was
 * typed (passwords excepted). A text field says so (`type="text"`), as the validators ask.
 */
export function Field({ name, label, hint, required, defaultValue, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const t = useT();
  const { error, value } = useFormField(name);
  const hintId = hint && `${id}-hint`;
  const errorId = error && `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {t(label)}
        {/* Seen, not read out: the input's own `required` tells screen readers, without renaming it. */}
        {required ? <span className="form-required" aria-hidden="true">{t(REQUIRED)}</span> : null}
      </label>
      <input
        {...input}
        type={type}
        id={id}
        name={name}
        required={required}
        defaultValue={value ?? defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        className="form-input"
      />
      {hint ? <p id={hintId} className="form-hint">{t(hint)}</p> : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** A checkbox whose label may hold links (the terms and privacy agreement). */
export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const id = useId();
  const { error, value } = useFormField(name);
  return (
    <div className="form-field form-check">
      <input
        type="checkbox"
        id={id}
        name={name}
        value="on"
        defaultChecked={value === 'on'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{children}</label>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

interface SelectFieldProps {
  name: string;
  label: Text;
  options: readonly { value: string; label: Text }[];
  defaultValue?: string;
}

/** A labelled select (gender), with its message wired like any field. */
export function SelectField({ name, label, options, defaultValue }: SelectFieldProps) {
  const id = useId();
  const t = useT();
  const { error, value } = useFormField(name);
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? defaultValue}
        className="form-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>{t(o.label)}</option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
