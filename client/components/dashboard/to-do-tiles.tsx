import { Link } from 'react-router';
import { TO_DO_LABELS, type ToDoTile } from '../../../shared/dashboard-to-dos.ts';
import { formatNumber } from '../../../shared/format.ts';
import { can, type StaffRole } from '../../../shared/staff-roles.ts';
import { useT } from '../../lang.tsx';
import { DASHBOARD_TEXT as T } from './dashboard-text.ts';

/**
 * Today's work as tiles (issue 32), before the charts: each count links to the page where the work
 * is done, for a role the API lets in there; a tile at 0 says so in a sentence, without alarm.
 */
export function ToDoTiles({ tiles, role }: { tiles: readonly ToDoTile[]; role: StaffRole | null }) {
  const t = useT();
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-to-dos">
      <h2 id="dashboard-to-dos">{t(T.toDos)}</h2>
      <ul className="dashboard-tiles">
        {tiles.map((tile) => <Tile key={tile.kind} tile={tile} linked={role !== null && can(role, tile.permission)} />)}
      </ul>
    </section>
  );
}

function Tile({ tile, linked }: { tile: ToDoTile; linked: boolean }) {
  const t = useT();
  const label = TO_DO_LABELS[tile.kind];
  return (
    <li className="dashboard-tile" data-kind={tile.kind} data-count={tile.count}>
      <span className="dashboard-tile-title">{t(label.title)}</span>
      <span className="dashboard-tile-count"><strong>{formatNumber(tile.count)}</strong> {t(label.unit)}</span>
      {tile.count === 0 ? <span className="dashboard-tile-note">{t(label.zero)}</span> : null}
      {linked && tile.count > 0 ? <Link className="dashboard-tile-link" to={tile.href}>{t(label.action)}</Link> : null}
      {!linked && tile.count > 0 ? <span className="dashboard-tile-note">{t(T.notYourArea)}</span> : null}
    </li>
  );
}
