import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { SHIPMENT_FILE_MAX_BYTES, SHIPMENT_IMPORT_MODES, UPLOAD_PROBLEM_TEXT, UPLOAD_PROBLEMS, type UploadProblem } from '../../../shared/shipment-import-rules.ts';
import { EARLY_CHECKBOX } from '../../../shared/shipment-refusals.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { ROUND_STATE_LABELS, ROUND_STATES, RoundListQuery, type RoundListFilters } from '../../../shared/round-list-rules.ts';
import { safeParse } from '../../../shared/field-errors.ts';
import type { RoundList } from '../../../shared/api/rounds.ts';
import { FilterInput, FilterSelect } from '../components/filter-fields.tsx';
import { Pager } from '../components/pager.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { IMPORT_MODE } from '../data/shipping-text.ts';
import { SHIPMENT_IMPORTS_PATH, staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '号・出荷', en: 'Rounds & shipping' },
  rounds: { ja: 'お届け回', en: 'Rounds' },
  round: { ja: '号', en: 'Round' },
  artist: { ja: 'アーティスト・プラン', en: 'Artist and plan' },
  deadline: { ja: '締切', en: 'Deadline' },
  shipDate: { ja: '発送予定日', en: 'Planned shipping' },
  waiting: { ja: '出荷待ち', en: 'Waiting' },
  shipped: { ja: '発送済み', en: 'Shipped' },
  delivered: { ja: '配達完了', en: 'Delivered' },
  none: { ja: '該当するお届け回はありません。', en: 'No round matches.' },
  lead: {
    ja: '締切を過ぎて出荷の残る回（発送予定日の古い順）、受付中の回（締切の近い順）、完了した回の順に並びます。',
    en: 'Rounds past their deadline with boxes to ship come first (oldest ship date first), then rounds taking orders (nearest deadline first), then the rest.',
  },
  filters: { ja: '絞り込み', en: 'Filter' },
  state: { ja: '状態', en: 'Status' },
  artistFilter: { ja: 'アーティスト', en: 'Artist' },
  month: { ja: '発送月', en: 'Ship month' },
  search: { ja: '検索', en: 'Search' },
  clear: { ja: '条件をクリア', en: 'Clear' },
  toShip: { ja: '未発送', en: 'To ship' },
  import: { ja: '発送・配達完了の取り込み', en: 'Import shipped or delivered boxes' },
  importLead: {
    ja: '倉庫から戻ったCSV、または B2クラウド・e飛伝・ゆうプリR が書き出した発行済みデータ（UTF-8 または Shift_JIS）を選んでください。取り込む前に、変わる内容を確認できます。',
    en: 'Choose the CSV back from the warehouse, or the issued-slips file of B2 Cloud, e-Hiden or Yu-Pri R (UTF-8 or Shift_JIS). You will see what changes before anything is applied.',
  },
  mode: { ja: '取り込みの種類', en: 'What the file records' },
  file: { ja: 'CSVファイル', en: 'CSV file' },
  fileHint: { ja: `${SHIPMENT_FILE_MAX_BYTES / 1_000_000} MB まで`, en: `At most ${SHIPMENT_FILE_MAX_BYTES / 1_000_000} MB` },
  // The refusal of an early line names this checkbox (shared/shipment-refusals.ts).
  early: EARLY_CHECKBOX,
  preview: { ja: '内容を確認する', en: 'Preview the changes' },
} as const satisfies Record<string, Text>;

function problemOf(request: Request): UploadProblem | null {
  const raw = new URL(request.url).searchParams.get('problem');
  return UPLOAD_PROBLEMS.find((p) => p === raw) ?? null;
}

/** The filters of the URL the API accepts; a bad one (typed into the address bar) is dropped, not a 400 page. */
function filtersOf(request: Request): RoundListFilters {
  const params = new URL(request.url).searchParams;
  const filters: Record<string, string> = {};
  for (const key of ['state', 'artist', 'month'] as const) {
    const value = params.get(key) ?? '';
    if (value !== '' && safeParse(RoundListQuery, { [key]: value }).success) filters[key] = value;
  }
  return filters;
}

/** Fulfilment's rounds (permission `shipping`); the API answers 403 to any other role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = filtersOf(request);
  const list = mustStaff(await staffApiFrom(context).rounds({ ...filters, page: String(pageParam(request)) }));
  return { list, filters, problem: problemOf(request) };
}

export function Component() {
  const { list, filters, problem } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <h2>{t(COPY.rounds)}</h2>
      <p>{t(COPY.lead)}</p>
      <RoundFilters list={list} filters={filters} />
      {list.rounds.length === 0 ? <p role="status">{t(COPY.none)}</p> : <RoundsTable list={list} />}
      <Pager path={adminHref('rounds')} page={list.page} hasNext={list.hasNext} params={filters} />
      <UploadForm problem={problem} />
    </main>
  );
}

/** A plain GET form: the filtered list and its pages are links, with JavaScript or without. */
function RoundFilters({ list, filters }: { list: RoundList; filters: RoundListFilters }) {
  const t = useT();
  return (
    <form method="get" action={adminHref('rounds')} className="form console-filters" role="search" aria-label={t(COPY.filters)}>
      <FilterSelect form="rounds" name="state" label={COPY.state} value={filters.state}
        options={ROUND_STATES.map((s) => ({ value: s, label: t(ROUND_STATE_LABELS[s]) }))} />
      <FilterSelect form="rounds" name="artist" label={COPY.artistFilter} value={filters.artist}
        options={list.artists.map((a) => ({ value: String(a.id), label: a.name }))} />
      <FilterInput form="rounds" name="month" label={COPY.month} value={filters.month} type="month" />
      <div className="console-inline">
        <button type="submit" className="button button-primary">{t(COPY.search)}</button>
        <Link to={adminHref('rounds')}>{t(COPY.clear)}</Link>
      </div>
    </form>
  );
}

function RoundsTable({ list }: { list: RoundList }) {
  const t = useT();
  return (
    <ScrollRegion label={t(COPY.rounds)}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t(COPY.round)}</th>
            <th scope="col">{t(COPY.state)}</th>
            <th scope="col">{t(COPY.artist)}</th>
            <th scope="col">{t(COPY.deadline)}</th>
            <th scope="col">{t(COPY.shipDate)}</th>
            <th scope="col" className="num">{t(COPY.toShip)}</th>
            <th scope="col" className="num">{t(COPY.waiting)}</th>
            <th scope="col" className="num">{t(COPY.shipped)}</th>
            <th scope="col" className="num">{t(COPY.delivered)}</th>
          </tr>
        </thead>
        <tbody>
          {list.rounds.map((round) => (
            <tr key={round.id}>
              <th scope="row"><Link to={adminHref('round', { id: String(round.id) })}>{round.name}</Link></th>
              <td>{t(ROUND_STATE_LABELS[round.state])}</td>
              <td>{`${round.artistName} ${round.planName}`}</td>
              <td>{formatDate(round.deadline)}</td>
              <td>{formatDate(round.shipDate)}</td>
              <td className="num">{formatNumber(round.toShip)}</td>
              <td className="num">{formatNumber(round.waiting)}</td>
              <td className="num">{formatNumber(round.shipped)}</td>
              <td className="num">{formatNumber(round.delivered)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A plain multipart form to the staff API through the console's proxy: the API stages the file
 * and sends the browser on to its preview (303), with JavaScript or without.
 */
function UploadForm({ problem }: { problem: UploadProblem | null }) {
  const t = useT();
  return (
    <section aria-labelledby="shipment-import">
      <h2 id="shipment-import">{t(COPY.import)}</h2>
      <p>{t(COPY.importLead)}</p>
      {problem ? <p className="form-error" role="alert">{t(UPLOAD_PROBLEM_TEXT[problem])}</p> : null}
      <form method="post" action={SHIPMENT_IMPORTS_PATH} encType="multipart/form-data" className="console-form">
        <fieldset className="form-field">
          <legend className="form-label">{t(COPY.mode)}</legend>
          {SHIPMENT_IMPORT_MODES.map((mode) => (
            <label key={mode} className="console-choice">
              <input type="radio" name="mode" value={mode} defaultChecked={mode === 'shipped'} required /> {t(IMPORT_MODE[mode])}
            </label>
          ))}
        </fieldset>
        <div className="form-field">
          <label htmlFor="shipment-file" className="form-label">{t(COPY.file)}</label>
          <input id="shipment-file" type="file" name="file" accept=".csv,text/csv" required aria-describedby="shipment-file-hint" />
          <p id="shipment-file-hint" className="form-hint">{t(COPY.fileHint)}</p>
        </div>
        <label className="console-choice">
          <input type="checkbox" name="early" value="on" /> {t(COPY.early)}
        </label>
        <button type="submit" className="button">{t(COPY.preview)}</button>
      </form>
    </section>
  );
}
