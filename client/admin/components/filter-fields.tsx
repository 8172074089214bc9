import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

const ANY: Text = { ja: 'すべて', en: 'Any' };

interface FilterProps {
  /** Prefixes the control's id: two lists' forms never share one. */
  form: string;
  name: string;
  label: Text;
  value: string | undefined;
}

/** A list filter's choice, 「すべて」 first: a plain GET form's select, JavaScript or not. */
export function FilterSelect({ form, name, label, value, options }: FilterProps & { options: { value: string; label: string }[] }) {
  const t = useT();
  const id = `${form}-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <select id={id} name={name} defaultValue={value ?? ''} className="form-input">
        <option value="">{t(ANY)}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

export function FilterInput({ form, name, label, value, type = 'text' }: FilterProps & { type?: 'text' | 'date' | 'month' }) {
  const t = useT();
  const id = `${form}-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <input id={id} name={name} type={type} defaultValue={value ?? ''} className="form-input" maxLength={type === 'text' ? 40 : undefined} />
    </div>
  );
}
