import type { StaffDashboard } from '../../../shared/api/dashboard.ts';
import { BILLING_STATES } from '../../../shared/api/dashboard.ts';
import { CANCEL_OFFER_LABELS, CANCEL_OFFERS } from '../../../shared/cancel-reasons.ts';
import { BILLING_STATE_LABELS, CANCEL_REASON_KEYS, cancelReasonKeyLabel } from '../../../shared/dashboard-figures.ts';
import { formatNumber } from '../../../shared/format.ts';
import { pickCatalogue } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { BarChart } from '../charts/bar-chart.tsx';
import { LineChart } from '../charts/line-chart.tsx';
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx';
import { activeNote, billingTitle, DASHBOARD_TEXT as T } from './dashboard-text.ts';

const yen = (value: number) => `¥${formatNumber(value)}`;
const percent = (value: number) => `${value}%`;

/** The console's dashboard page body: every figure of GET /api/staff/dashboard as a server-drawn chart. */
export function DashboardView({ figures }: { figures: StaffDashboard }) {
  const t = useT();
  const { english } = useLang();
  const { active, revenue, months, currentRound } = figures;
  const issues = revenue.map((r) => r.label);
  const monthLabels = months.map((m) => m.label);
  return (
    <div className="dashboard">
      <p className="dashboard-active">
        <span className="dashboard-active-label">{t(T.active)}</span> <strong>{formatNumber(active.subscriptions)}</strong>{' '}
        <span>{t(activeNote(active.paused, active.subscribers))}</span>
      </p>
      <StackedBarChart title={T.revenue} categoryName={T.issue} valueName={T.yen} format={yen} categories={issues}
        series={[{ name: T.net, values: revenue.map((r) => r.net.taxIncluded) }, { name: T.refunded, values: revenue.map((r) => r.refunded.taxIncluded) }]} />
      <StackedBarChart title={T.revenuePreTax} categoryName={T.issue} valueName={T.yen} format={yen} categories={issues}
        series={[{ name: T.net, values: revenue.map((r) => r.net.preTax) }, { name: T.refunded, values: revenue.map((r) => r.refunded.preTax) }]} />
      <LineChart title={T.movements} categoryName={T.month} valueName={T.subscriptions} categories={monthLabels}
        series={[{ name: T.started, values: months.map((m) => m.started) }, { name: T.cancelled, values: months.map((m) => m.cancelled) }]} />
      <StackedBarChart title={T.cancelReasons} categoryName={T.month} valueName={T.subscriptions} categories={monthLabels}
        series={CANCEL_REASON_KEYS.map((k) => ({ name: cancelReasonKeyLabel(k), values: months.map((m) => m.cancelledByReason[k]) }))} />
      <StackedBarChart title={T.kept} categoryName={T.month} valueName={T.subscriptions} categories={monthLabels}
        series={CANCEL_OFFERS.map((k) => ({ name: CANCEL_OFFER_LABELS[k], values: months.map((m) => m.keptByOffer[k]) }))} />
      <LineChart title={T.churn} categoryName={T.month} valueName={T.churnAxis} format={percent} categories={monthLabels}
        series={[{ name: T.churnAxis, values: months.map((m) => m.churnPercent) }]} />
      <BarChart title={T.byArtist} categoryName={T.artist} valueName={T.subscribers} orientation="horizontal"
        data={figures.byArtist.map((a) => ({ label: a.artistName, value: a.subscribers }))} />
      <BarChart title={T.byPlan} categoryName={T.plan} valueName={T.subscriptions} orientation="horizontal"
        data={figures.byPlan.map((p) => ({ label: `${p.artistName} ${pickCatalogue(p.planName, p.planNameEn, english).text}`, value: p.subscribers }))} />
      {currentRound ? (
        <BarChart title={billingTitle(currentRound.issue)}
          categoryName={T.state} valueName={T.charges} orientation="horizontal"
          data={BILLING_STATES.map((s) => ({ label: BILLING_STATE_LABELS[s], value: currentRound.counts[s] }))} />
      ) : <p className="dashboard-note">{t(T.billingNone)}</p>}
    </div>
  );
}
