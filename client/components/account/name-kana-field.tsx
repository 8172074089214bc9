import { NAME_KANA_MAX } from '../../../shared/account-rules.ts';
import { Field } from '../form/field.tsx';

const COPY = {
  label: { ja: 'フリガナ（任意）', en: 'Name in katakana (optional)' },
  hint: { ja: 'カタカナで。ひらがなで入力してもカタカナになります（例：オシノ ハナコ）。', en: 'In katakana; hiragana is converted to katakana.' },
};

/** フリガナ, on sign-up and on the profile (issue 32): support reads it, carriers' labels print it. */
export function NameKanaField({ defaultValue }: { defaultValue?: string }) {
  return <Field name="nameKana" label={COPY.label} hint={COPY.hint} defaultValue={defaultValue} autoComplete="off" maxLength={NAME_KANA_MAX} />;
}
