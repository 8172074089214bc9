import { Link, useLocation } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/** Tax-included (税込, the default) or pre-tax (税抜) money on the dashboard: `?tax=out`. */
export type TaxView = 'in' | 'out';

export function taxViewOf(params: URLSearchParams): TaxView {
  return params.get('tax') === 'out' ? 'out' : 'in';
}

const VIEWS: { view: TaxView; label: Text }[] = [
  { view: 'in', label: { ja: '税込', en: 'Tax incl.' } },
  { view: 'out', label: { ja: '税抜', en: 'Before tax' } },
];

/** The page's query with `tax` set for `view` (税込 is the default: no key); `lang` and the rest are kept. */
export function taxSearch(search: string, view: TaxView): string {
  const params = new URLSearchParams(search);
  if (view === 'out') params.set('tax', 'out');
  else params.delete('tax');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The switch is two links, so it works without JavaScript (the page is drawn again with
 * `?tax=out`); with it, the route keeps its figures (console-home `shouldRevalidate`) and only redraws.
 */
export function TaxSwitch({ view, label }: { view: TaxView; label: Text }) {
  const t = useT();
  const { search } = useLocation();
  return (
    <nav className="dashboard-switch" aria-label={t(label)}>
      {VIEWS.map((v) => (
        <Link key={v.view} to={{ search: taxSearch(search, v.view) }} preventScrollReset replace aria-current={v.view === view ? 'true' : undefined}>{t(v.label)}</Link>
      ))}
    </nav>
  );
}
