import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { CATALOGUE_MAX_PAGE } from '../../../shared/api/catalogue-admin.ts';
import { ARTIST_TYPE_LABELS } from '../../../shared/artist-types.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'カタログ', en: 'Catalogue' },
  artists: { ja: 'アーティスト', en: 'Artists' },
  add: { ja: 'アーティストを追加', en: 'Add an artist' },
  upload: { ja: '画像をアップロード', en: 'Upload a picture' },
  name: { ja: '名前', en: 'Name' },
  slug: { ja: 'スラッグ', en: 'Slug' },
  type: { ja: '種別', en: 'Type' },
  state: { ja: '状態', en: 'State' },
  open: { ja: '公開中', en: 'Open' },
  closed: { ja: '公開終了', en: 'Closed' },
  pages: { ja: 'ページ', en: 'Pages' },
  prev: { ja: '前のページ', en: 'Previous page' },
  next: { ja: '次のページ', en: 'Next page' },
  empty: { ja: 'アーティストはまだいません。', en: 'No artists yet.' },
} as const satisfies Record<string, Text>;

function pageOf(url: string): number {
  const raw = new URL(url).searchParams.get('page') ?? '1';
  const page = /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return Math.min(Math.max(page, 1), CATALOGUE_MAX_PAGE);
}

/** The artists, a page at a time (`?page=`), in the lineup's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).catalogueArtists(pageOf(request.url)));
}

export function Component() {
  const { artists, page, pages, total } = useLoaderData<typeof loader>();
  const t = useT();
  const here = adminHref('catalogue');
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p className="catalogue-actions">
        <Link className="button button-primary" to={adminHref('catalogueArtistNew')}>{t(COPY.add)}</Link>
        <Link className="button button-ghost" to={adminHref('catalogueImage')}>{t(COPY.upload)}</Link>
      </p>
      <h2>{t(COPY.artists)}（{total}）</h2>
      {artists.length === 0 ? <p>{t(COPY.empty)}</p> : (
        <table className="catalogue-table">
          <thead><tr><th scope="col">{t(COPY.name)}</th><th scope="col">{t(COPY.slug)}</th><th scope="col">{t(COPY.type)}</th><th scope="col">{t(COPY.state)}</th></tr></thead>
          <tbody>
            {artists.map((a) => (
              <tr key={a.id}>
                <td><Link to={adminHref('catalogueArtist', { id: String(a.id) })}>{a.name}</Link></td>
                <td><code>{a.slug}</code></td>
                <td>{t(ARTIST_TYPE_LABELS[a.type])}</td>
                <td>{t(a.isClose ? COPY.closed : COPY.open)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav aria-label={t(COPY.pages)} className="catalogue-pages">
          {page > 1 ? <Link to={`${here}?page=${page - 1}`} rel="prev">{t(COPY.prev)}</Link> : null}
          <span>{page} / {pages}</span>
          {page < pages ? <Link to={`${here}?page=${page + 1}`} rel="next">{t(COPY.next)}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
