import { formatDateTime } from '../../../shared/format.ts';
import type { TimelineEntry } from '../../../shared/order-timeline.ts';
import { useT } from '../../lang.tsx';
import { ORDER_COPY } from './order-copy.ts';

/**
 * The order's steps in a <details>: opens and closes without JavaScript. Each step says its
 * state in words (not colour alone) and its date, or 未完了 while pending.
 */
export function OrderTimeline({ entries, open = false }: { entries: TimelineEntry[]; open?: boolean }) {
  const t = useT();
  return (
    <details className="order-timeline" open={open}>
      <summary>{t(ORDER_COPY.timeline)}</summary>
      <ol>
        {entries.map((entry) => (
          <li key={entry.step} className="order-step" data-state={entry.state}>
            <span className="order-step-label">{t(entry.label)}</span>
            <span className="order-step-when">{entry.at ? formatDateTime(entry.at) : t(entry.state === 'pending' ? ORDER_COPY.pending : ORDER_COPY.done)}</span>
            {entry.note ? <span className="order-step-note">{t(entry.note)}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
