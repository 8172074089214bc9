import type { RoundForecast } from '../../../shared/api/dashboard.ts';
import { FORECAST_KIND_LABELS, FORECAST_KINDS } from '../../../shared/dashboard-forecast.ts';
import { formatDeadline, formatNumber } from '../../../shared/format.ts';
import { pickCatalogue } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { DASHBOARD_TEXT as T } from './dashboard-text.ts';

/**
 * How many boxes purchasing should make for each round still taking orders (issue 32): the likely
 * number and the upper bound, then what each is made of. Cards, not a wide table: they wrap at 390 px.
 */
export function BoxForecastList({ rounds }: { rounds: readonly RoundForecast[] }) {
  const t = useT();
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-forecast">
      <h2 id="dashboard-forecast">{t(T.forecast)}</h2>
      <p className="dashboard-note">{t(T.forecastLead)}</p>
      {rounds.length === 0 ? <p className="dashboard-note">{t(T.forecastNone)}</p> : (
        <ul className="dashboard-forecast">{rounds.map((round) => <ForecastCard key={round.roundId} round={round} />)}</ul>
      )}
    </section>
  );
}

function ForecastCard({ round }: { round: RoundForecast }) {
  const t = useT();
  const { english } = useLang();
  const boxes = (n: number) => t({ ja: `${formatNumber(n)}箱`, en: `${formatNumber(n)} box${n === 1 ? '' : 'es'}` });
  return (
    <li className="dashboard-forecast-round" data-round={round.roundId}>
      <h3>{`${round.name} ${round.artistName} ${pickCatalogue(round.planName, round.planNameEn, english).text}`}</h3>
      <p className="dashboard-note">{formatDeadline(round.deadline, english)}</p>
      <dl className="dashboard-forecast-figures">
        <div className="dashboard-forecast-likely"><dt>{t(T.likely)}</dt><dd>{boxes(round.likely)}</dd></div>
        <div><dt>{t(T.upperBound)}</dt><dd>{boxes(round.upperBound)}</dd></div>
        {FORECAST_KINDS.map((kind) => (
          <div key={kind} data-kind={kind}><dt>{t(FORECAST_KIND_LABELS[kind])}</dt><dd>{boxes(round.boxes[kind])}</dd></div>
        ))}
      </dl>
    </li>
  );
}
