import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { NOTICES } from './flash-notice.tsx';

/**
 * After the address page is saved: the confirmation, then which boxes go to the new address and
 * which keep the old one (shared/delivery-notice.ts). Rendered on the server, so it shows without
 * JavaScript; `role="status"` announces it after a client-side save.
 */
export function DeliveryNotice({ sentences }: { sentences: Text[] }) {
  const t = useT();
  return (
    <div className="flash-notice delivery-notice" role="status">
      <p>{t(NOTICES.address)}</p>
      {sentences.length > 0 ? (
        <ul>
          {sentences.map((sentence) => <li key={sentence.ja}>{t(sentence)}</li>)}
        </ul>
      ) : null}
    </div>
  );
}
