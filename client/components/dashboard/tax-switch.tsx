import { Link } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/** Tax-included (税込, the default) or pre-tax (税抜) money on the dashboard: `?tax=out`. */
export type TaxView = 'in' | 'out';

export function taxViewOf(params: URLSearchParams): TaxView {
  return params.get('tax') === 'out' ? 'out' : 'in';
}

const VIEWS: { view: TaxView; label: Text; search: string }[] = [
  { view: 'in', label: { ja: '税込', en: 'Tax incl.' }, search: '' },
  { view: 'out', label: { ja: '税抜', en: 'Before tax' }, search: '?tax=out' },
];

/**
 * The switch is two links, so it works without JavaScript (the page is drawn again with
 * `?tax=out`); with it, the route keeps its figures (console-home `shouldRevalidate`) and only redraws.
 */
export function TaxSwitch({ view, label }: { view: TaxView; label: Text }) {
  const t = useT();
  return (
    <nav className="dashboard-switch" aria-label={t(label)}>
      {VIEWS.map((v) => (
        <Link key={v.view} to={{ search: v.search }} preventScrollReset replace aria-current={v.view === view ? 'true' : undefined}>{t(v.label)}</Link>
      ))}
    </nav>
  );
}
