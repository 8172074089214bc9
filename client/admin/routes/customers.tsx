import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { CustomerSearchPage } from '../../../shared/api/customers.ts';
import { CUSTOMER_QUERY_MAX, CustomerSearchQuery } from '../../../shared/customer-rules.ts';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { formatDate } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { Pager } from '../components/pager.tsx';
import { mustStaff } from '../data/console-load.ts';
import { hyphenatedTel } from '../../../shared/phone.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  title: { ja: '会員検索', en: 'Find a customer' },
  query: { ja: 'メールアドレス・氏名・電話番号・注文番号', en: 'E-mail, name, phone or order number' },
  hint: {
    ja: 'メールアドレスと氏名は先頭から一致、電話番号は完全一致（ハイフン可）、注文番号は #123 または 123。',
    en: 'E-mail and name match from the start; a phone number exactly (hyphens allowed); an order number as #123 or 123.',
  },
  search: { ja: '検索', en: 'Search' },
  results: { ja: '検索結果', en: 'Results' },
  none: { ja: '該当する会員はいません。', en: 'No customer matches.' },
  email: { ja: 'メールアドレス', en: 'E-mail' },
  name: { ja: '氏名', en: 'Name' },
  tel: { ja: '電話番号', en: 'Phone' },
  joined: { ja: '登録日', en: 'Joined' },
  deleted: { ja: '（退会済み）', en: ' (deleted)' },
} as const satisfies Record<string, Text>;

type Loaded = { q: string; page: CustomerSearchPage | null; error: Text | null };

/** GET /customers?q=…&page=…: a plain GET form, so the search and its pages are links. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<Loaded> {
  const params = new URL(request.url).searchParams;
  const q = params.get('q') ?? '';
  if (q === '') return { q, page: null, error: null };
  const query = { q, page: params.get('page') ?? '1' };
  const invalid = fieldErrors(CustomerSearchQuery, query);
  if (invalid) return { q, page: null, error: invalid.q ?? invalid.page ?? Object.values(invalid)[0] ?? null };
  return { q, page: mustStaff(await staffApiFrom(context).searchCustomers(q.trim(), Number(query.page))), error: null };
}


export function Component() {
  const { q, page, error } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <form method="get" action={adminHref('customers')} role="search" className="form customer-search">
        <div className="form-field">
          <label htmlFor="customer-q" className="form-label">{t(COPY.query)}</label>
          <input id="customer-q" name="q" type="search" defaultValue={q} maxLength={CUSTOMER_QUERY_MAX} required className="form-input"
            aria-describedby="customer-q-hint" aria-invalid={error ? true : undefined} />
          <p id="customer-q-hint" className="form-hint">{t(COPY.hint)}</p>
          {error ? <p className="form-error" role="alert">{t(error)}</p> : null}
        </div>
        <button type="submit" className="button">{t(COPY.search)}</button>
      </form>
      {page ? <Results q={q} page={page} /> : null}
    </main>
  );
}

function Results({ q, page }: { q: string; page: CustomerSearchPage }) {
  const t = useT();
  if (page.hits.length === 0) return <p role="status">{t(COPY.none)}</p>;
  return (
    <section aria-labelledby="customer-results">
      <h2 id="customer-results">{t(COPY.results)}</h2>
      <ScrollRegion label={t(COPY.results)}>
        <table className="console-table">
          <thead>
            <tr><th scope="col">{t(COPY.name)}</th><th scope="col">{t(COPY.email)}</th><th scope="col">{t(COPY.tel)}</th><th scope="col">{t(COPY.joined)}</th></tr>
          </thead>
          <tbody>
            {page.hits.map((hit) => (
              <tr key={hit.id}>
                <th scope="row"><Link to={adminHref('customer', { id: String(hit.id) })}>{hit.name || `#${hit.id}`}</Link>{hit.nameKana ? <small className="console-kana">{hit.nameKana}</small> : null}{hit.deleted ? t(COPY.deleted) : null}</th>
                <td>{hit.email}</td>
                <td>{hyphenatedTel(hit.tel)}</td>
                <td>{formatDate(hit.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager path={adminHref('customers')} page={page.page} hasNext={page.more} params={{ q }} />
    </section>
  );
}
