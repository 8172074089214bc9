import type { StaffDashboard } from '../../../shared/api/dashboard.ts';
import { BILLING_STATES } from '../../../shared/api/dashboard.ts';
import { CANCEL_OFFER_LABELS, CANCEL_OFFERS } from '../../../shared/cancel-reasons.ts';
import { BILLING_STATE_LABELS, CANCEL_REASON_KEYS, cancelReasonKeyLabel } from '../../../shared/dashboard-figures.ts';
import { formatNumber } from '../../../shared/format.ts';
import { SHIPMENTS_LABEL, shipmentsFigure } from '../../../shared/parcel-display.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import type { StaffRole } from '../../../shared/staff-roles.ts';
import { pickCatalogue } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { BarChart } from '../charts/bar-chart.tsx';
import { LineChart } from '../charts/line-chart.tsx';
import { StackedBarChart } from '../charts/stacked-bar-chart.tsx';
import { BoxForecastList } from './box-forecast.tsx';
import { activeNote, billingTitle, DASHBOARD_TEXT as T } from './dashboard-text.ts';
import { TaxSwitch, type TaxView } from './tax-switch.tsx';
import { ToDoTiles } from './to-do-tiles.tsx';

const yen = (value: number) => `¥${formatNumber(value)}`;
const percent = (value: number) => `${value}%`;

/**
 * The console's dashboard page body (issue 32): today's to-dos first, then the key figures, the
 * box forecast and the server-drawn charts. `tax` picks tax-included or pre-tax money everywhere.
 */
export function DashboardView({ figures, tax = 'in', role = null }: { figures: StaffDashboard; tax?: TaxView; role?: StaffRole | null }) {
  const t = useT();
  const { english } = useLang();
  const { active, revenue, months, currentRound } = figures;
  const money = (amount: { taxIncluded: number; preTax: number }) => (tax === 'out' ? amount.preTax : amount.taxIncluded);
  const issues = revenue.map((r) => r.label);
  const monthLabels = months.map((m) => m.label);
  return (
    <div className="dashboard">
      <ToDoTiles tiles={figures.toDos} role={role} />
      <section className="dashboard-section" aria-labelledby="dashboard-figures">
        <h2 id="dashboard-figures">{t(T.figures)}</h2>
        <TaxSwitch view={tax} label={T.taxSwitch} />
        <dl className="dashboard-figures">
          <div data-figure="mrr">
            <dt>{t(T.mrr)}</dt>
            <dd><strong>{yen(money(figures.mrr))}</strong> <span>{t(tax === 'out' ? T.taxOut : T.taxIn)}</span></dd>
            <dd className="dashboard-note">{t(T.mrrNote)}</dd>
          </div>
          <div data-figure="active" className="dashboard-active">
            <dt className="dashboard-active-label">{t(T.active)}</dt>
            <dd><strong>{formatNumber(active.subscriptions)}</strong> <span>{t(activeNote(active.paused, active.subscribers))}</span></dd>
          </div>
          <div data-figure="shipments">
            <dt>{t(SHIPMENTS_LABEL)}</dt>
            <dd>{t(shipmentsFigure(figures.shipments.boxes, figures.shipments.parcels, figures.shipments.consolidated))}</dd>
          </div>
          <div data-figure="vault">
            <dt>{t(T.vault)}</dt>
            <dd><strong>{formatNumber(figures.vault.unlocksThisMonth)}</strong> <span>／ {t(T.downloads)} {formatNumber(figures.vault.downloads)}</span></dd>
            <dd className="dashboard-note">{t(T.vaultNote)}</dd>
          </div>
          <div data-figure="shopper-paid">
            <dt>{t(T.shopperPaid)}</dt>
            <dd>
              <strong>{`${t(PAYMENT_METHOD_LABELS.KONBINI)} ${formatNumber(figures.shopperPaid.konbini)} ／ ${t(PAYMENT_METHOD_LABELS.PAYPAY)} ${formatNumber(figures.shopperPaid.paypay)}`}</strong>
            </dd>
            <dd className="dashboard-note">{`${t(T.openTransfers)}: ${formatNumber(figures.shopperPaid.openTransfers)}`}</dd>
          </div>
        </dl>
      </section>
      <BoxForecastList rounds={figures.forecast} />
      <StackedBarChart title={tax === 'out' ? T.revenuePreTax : T.revenue} categoryName={T.issue} valueName={T.yen} format={yen} categories={issues}
        series={[{ name: T.net, values: revenue.map((r) => money(r.net)) }, { name: T.refunded, values: revenue.map((r) => money(r.refunded)) }]} />
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
