import { Link } from 'react-router';
import type { Text } from '../../shared/text.ts';
import { useT } from '../lang.tsx';

/**
 * A list with nothing in it says so, then what to do next and the link that does it (issue 31): a
 * fan with no plans, no orders or no news is shown the way on, not a dead end.
 */
export function EmptyState({ title, next, link, className }: { title: Text; next: Text; link: { to: string; label: Text }; className?: string }) {
  const t = useT();
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'}>
      <p className="empty-state-title">{t(title)}</p>
      <p>{t(next)}</p>
      <p className="empty-state-action"><Link className="button button-primary" to={link.to}>{t(link.label)}</Link></p>
    </div>
  );
}

/** The one way on from an empty list of the shop: its lineup. */
export const SEE_LINEUP: Text = { ja: 'ラインナップを見る', en: 'See the lineup' };
