import type { ArtistTenure } from '../../shared/api/types.ts';
import { tenureText } from '../../shared/tenure.ts';
import { useT } from '../lang.tsx';
import { JapaneseRuns } from './japanese-runs.tsx';

const TITLE = { ja: '継続月数', en: 'How long you have followed' };
const TITLE_STAFF = { ja: '継続月数', en: 'Tenure' };
const RULE = {
  ja: 'お支払いが続いた回の数です。スキップや休止では途切れません。',
  en: 'Paid boxes in a row. A skip or a pause does not break it.',
};

/** 継続月数 per artist (shared/tenure.ts): on the fan's my page, and on the customer's page in the console. */
export function TenureList({ tenure, id, staff = false }: { tenure: readonly ArtistTenure[]; id: string; staff?: boolean }) {
  const t = useT();
  if (tenure.length === 0) return null;
  return (
    <section className="tenure" aria-labelledby={id}>
      <h3 id={id} className="tenure-title">{t(staff ? TITLE_STAFF : TITLE)}</h3>
      {staff ? null : <p className="tenure-rule">{t(RULE)}</p>}
      <ul className="tenure-list">
        {tenure.map((item) => (
          <li key={item.artist.slug}>
            <JapaneseRuns text={item.artist.name} /> <strong>{t(tenureText(item))}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
