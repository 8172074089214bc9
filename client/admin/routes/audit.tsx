import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { AUDIT_ACTIONS, auditSentence, type AuditAction } from '../../../shared/audit-actions.ts';
import type { Text } from '../../../shared/text.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { mustStaff } from '../data/console-load.ts';
import type { AuditEntryView } from '../../../shared/api/audit.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '監査ログ', en: 'Audit trail' },
  lead: {
    ja: 'スタッフのログイン・変更・拒否された操作の記録です（新しい順）。記録は変更・削除できません。',
    en: 'Every staff sign-in, change and refusal, newest first. Entries cannot be changed or deleted.',
  },
  search: { ja: '絞り込み', en: 'Search' },
  staffId: { ja: 'スタッフ', en: 'Staff member' },
  staffEmail: { ja: 'メールアドレス（一部・ログイン失敗も）', en: 'Email (part, failed sign-ins too)' },
  action: { ja: '操作', en: 'Action' },
  targetType: { ja: '対象の種類', en: 'Target type' },
  targetId: { ja: '対象ID', en: 'Target id' },
  outcome: { ja: '結果', en: 'Outcome' },
  any: { ja: 'すべて', en: 'Any' },
  success: { ja: '成功', en: 'Success' },
  failure: { ja: '失敗', en: 'Failure' },
  refused: { ja: '拒否', en: 'Refused' },
  from: { ja: '開始日', en: 'From' },
  to: { ja: '終了日', en: 'To' },
  apply: { ja: '絞り込む', en: 'Search' },
  clear: { ja: '条件をクリア', en: 'Clear' },
  csv: { ja: 'この条件でCSVをダウンロード（最大10,000件）', en: 'Download these entries as CSV (up to 10,000)' },
  at: { ja: '日時', en: 'When' },
  staff: { ja: 'スタッフ', en: 'Staff' },
  target: { ja: '対象', en: 'Target' },
  from_address: { ja: '接続元', en: 'From address' },
  details: { ja: '内容', en: 'What happened' },
  rawOpen: { ja: '記録の全文', en: 'Full record' },
  none: { ja: '該当する記録はありません。', en: 'No entries match.' },
  first: { ja: '最新へ', en: 'Newest' },
  older: { ja: 'さらに古い記録', en: 'Older entries' },
} as const satisfies Record<string, Text>;

/** The search fields, named as the API's query (api/staff/staff-members.router.ts). */
const FILTERS = ['staffId', 'staffEmail', 'action', 'targetType', 'targetId', 'outcome', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const OUTCOMES = ['success', 'failure', 'refused'] as const;

function filtersOf(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value.slice(0, 300);
  }
  return filters;
}

const queryOf = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The owner's audit page (issue 19): filters in the URL (a GET form), keyset pages by `before`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  const before = params.get('before');
  const query: Record<string, string> = { ...filters, limit: '50', ...(before ? { before: before.slice(0, 20) } : {}) };
  const api = staffApiFrom(context);
  const [result, members] = await Promise.all([api.audit(query), api.members()]);
  const staff = members.ok ? members.data.members.map((m) => ({ id: m.id, email: m.email })) : [];
  // A filter the API refuses (a malformed day) is shown above the form, not as an error page.
  if (!result.ok && result.status === 400) {
    return { filters, staff, entries: [] as AuditEntryView[], next: null, paged: before !== null, error: { ja: result.error.message, en: result.error.messageEn } as Text };
  }
  const page = mustStaff(result);
  return { filters, staff, ...page, paged: before !== null, error: null };
}

export function Component() {
  const { filters, staff, entries, next, paged, error } = useLoaderData<typeof loader>();
  const t = useT();
  const filterQuery = queryOf(filters);
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      {error ? <FormError text={error} /> : null}
      <Form method="get" className="form console-filters" role="search" aria-label={t(COPY.search)}>
        <FilterSelect name="staffId" label={COPY.staffId} value={filters.staffId}
          options={staff.map((m) => ({ value: String(m.id), label: m.email }))} />
        <FilterField name="staffEmail" label={COPY.staffEmail} value={filters.staffEmail} maxLength={200} />
        <FilterSelect name="action" label={COPY.action} value={filters.action}
          options={(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((a) => ({ value: a, label: t(actionLabel(a)) }))} />
        <FilterField name="targetType" label={COPY.targetType} value={filters.targetType} maxLength={40} />
        <FilterField name="targetId" label={COPY.targetId} value={filters.targetId} maxLength={200} />
        <div className="form-field">
          <label htmlFor="audit-outcome" className="form-label">{t(COPY.outcome)}</label>
          <select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ''} className="form-input">
            <option value="">{t(COPY.any)}</option>
            {OUTCOMES.map((o) => <option key={o} value={o}>{t(COPY[o])}</option>)}
          </select>
        </div>
        <FilterField name="from" label={COPY.from} value={filters.from} type="date" />
        <FilterField name="to" label={COPY.to} value={filters.to} type="date" />
        <div className="console-inline">
          <button type="submit" className="button button-primary">{t(COPY.apply)}</button>
          <Link to={adminHref('audit')}>{t(COPY.clear)}</Link>
        </div>
      </Form>
      <p>
        <a href={`/api/staff/audit.csv${filterQuery ? `?${filterQuery}` : ''}`} download>{t(COPY.csv)}</a>
      </p>
      {entries.length === 0 ? <p>{t(COPY.none)}</p> : <AuditTable entries={entries} />}
      <nav className="console-inline" aria-label={t(COPY.title)}>
        {paged ? <Link to={`${adminHref('audit')}${filterQuery ? `?${filterQuery}` : ''}`}>{t(COPY.first)}</Link> : null}
        {next !== null ? <Link to={`${adminHref('audit')}?${queryOf({ ...filters, before: String(next) })}`}>{t(COPY.older)}</Link> : null}
      </nav>
    </main>
  );
}

/** 「…の返金を受け付けました」: an action in the filter's list, its target left open. */
function actionLabel(action: AuditAction): Text {
  const verb = AUDIT_ACTIONS[action];
  return { ja: verb.ja.replace('{t}', '…'), en: verb.en.replace('{t}', '…') };
}

function FilterSelect({ name, label, value, options }: { name: string; label: Text; value: string | undefined; options: { value: string; label: string }[] }) {
  const t = useT();
  const id = `audit-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <select id={id} name={name} defaultValue={value ?? ''} className="form-input">
        <option value="">{t(COPY.any)}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

function FilterField({ name, label, value, type = 'text', maxLength }: { name: string; label: Text; value: string | undefined; type?: string; maxLength?: number }) {
  const t = useT();
  const id = `audit-${name}`;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">{t(label)}</label>
      <input id={id} name={name} type={type} defaultValue={value ?? ''} maxLength={maxLength} className="form-input" />
    </div>
  );
}

const timeOf = (iso: string) => new Date(iso).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
/** The row as stored, for whoever needs the exact record (request id, before and after in full). */
const rawOf = (e: AuditEntryView) => JSON.stringify({
  action: e.action, staffId: e.staffId, staffEmail: e.staffEmail, targetType: e.targetType, targetId: e.targetId,
  before: e.before, after: e.after, requestId: e.requestId, clientAddress: e.clientAddress, outcome: e.outcome,
}, null, 2);

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const t = useT();
  return (
    <ScrollRegion label={t(COPY.title)}>
      <table className="console-table console-audit">
        <caption className="visually-hidden">{t(COPY.title)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(COPY.at)}</th>
            <th scope="col">{t(COPY.details)}</th>
            <th scope="col">{t(COPY.outcome)}</th>
            <th scope="col">{t(COPY.from_address)}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-outcome={e.outcome}>
              <td>{timeOf(e.at)}</td>
              <td className="console-details">
                {t(auditSentence(e))}
                <details><summary>{t(COPY.rawOpen)}</summary><pre className="console-raw">{rawOf(e)}</pre></details>
              </td>
              <td>{isOutcome(e.outcome) ? t(COPY[e.outcome]) : e.outcome}</td>
              <td>{e.clientAddress ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function isOutcome(value: string): value is (typeof OUTCOMES)[number] {
  return (OUTCOMES as readonly string[]).includes(value);
}
