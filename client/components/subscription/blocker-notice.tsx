import { Link } from 'react-router';
import { useT } from '../../lang.tsx';
import type { Blocker } from './fix-links.ts';

/** Why the shopper cannot go on, and the one link that fixes it. */
export function BlockerNotice({ blocker, alert = false }: { blocker: Blocker; alert?: boolean }) {
  const t = useT();
  return (
    <div className="subscription-blocker" role={alert ? 'alert' : undefined}>
      <p>{t(blocker.text)}</p>
      {blocker.link ? <p><Link className="button button-primary" to={blocker.link.path}>{t(blocker.link.label)}</Link></p> : null}
    </div>
  );
}
