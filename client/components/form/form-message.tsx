import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/** A message about the whole form (the API refused, the network failed): announced at once. */
export function FormError({ text }: { text: Text }) {
  const t = useT();
  return (
    <p className="form-error" role="alert">
      {t(text)}
    </p>
  );
}

/** Good news carried over from the previous step (e.g. "your password was changed"). */
export function FormNotice({ text }: { text: Text }) {
  const t = useT();
  return (
    <p className="form-notice" role="status">
      {t(text)}
    </p>
  );
}
