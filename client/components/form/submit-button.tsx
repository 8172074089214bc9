import { useNavigation } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

const SENDING: Text = { ja: '送信中…', en: 'Sending…' };

/** The form's submit button; while its request runs it says so and cannot be pressed twice. */
export function SubmitButton({ label, variant = 'primary' }: { label: Text; variant?: 'primary' | 'ghost' }) {
  const navigation = useNavigation();
  const t = useT();
  const pending = navigation.state !== 'idle' && navigation.formMethod !== undefined;
  return (
    <button type="submit" className={`button button-${variant} form-submit`} disabled={pending} aria-busy={pending}>
      {t(pending ? SENDING : label)}
    </button>
  );
}
