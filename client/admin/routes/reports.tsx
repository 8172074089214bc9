import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { formatNumber } from '../../../shared/format.ts';
import { REPORT_COLUMNS, REPORT_MONTHS } from '../../../shared/report-columns.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { REPORT_CSV_PATH, staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '会計レポート', en: 'Accounting report' },
  lead: {
    ja: `直近${REPORT_MONTHS}か月の売上（決済日の月）と返金（返金日の月）です。金額は円、消費税は10%。`,
    en: `Sales (by the month charged) and refunds (by the month paid back) over the last ${REPORT_MONTHS} months, in yen, with 10% tax.`,
  },
  download: { ja: 'CSVをダウンロード（UTF-8）', en: 'Download CSV (UTF-8)' },
  downloadSjis: { ja: 'CSVをダウンロード（Shift_JIS）', en: 'Download CSV (Shift_JIS)' },
  caption: { ja: '月別の売上と返金', en: 'Sales and refunds per month' },
} as const satisfies Record<string, Text>;

/** The owner's alone (`reports.read`); the API answers 403 to any other role. */
export async function loader({ context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).reports());
}

export function Component() {
  const { months } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      <p className="console-inline">
        <a href={REPORT_CSV_PATH} download>{t(COPY.download)}</a>
        <a href={`${REPORT_CSV_PATH}?encoding=cp932`} download>{t(COPY.downloadSjis)}</a>
      </p>
      <ScrollRegion label={t(COPY.caption)}>
        <table className="console-table">
          <caption>{t(COPY.caption)}</caption>
          <thead>
            <tr>{REPORT_COLUMNS.map((c) => <th key={c.key} scope="col" className={c.key === 'month' ? undefined : 'num'}>{c.label}</th>)}</tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.month}</th>
                {REPORT_COLUMNS.filter((c) => c.key !== 'month').map((c) => (
                  <td key={c.key} className="num">{formatNumber(m[c.key as Exclude<typeof c.key, 'month'>])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </main>
  );
}
