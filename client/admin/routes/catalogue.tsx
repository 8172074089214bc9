import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { ARTIST_TYPE_LABELS } from '../../../shared/artist-types.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { EnglishMissing, ENGLISH_PAIRS } from '../components/english-missing.tsx';
import { Pager } from '../components/pager.tsx';
import { archivedParam, pageParam } from '../data/page-param.ts';
import { StatusBadge } from '../catalogue/publish-panel.tsx';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  title: { ja: 'カタログ', en: 'Catalogue' },
  artists: { ja: 'アーティスト', en: 'Artists' },
  add: { ja: 'アーティストを追加', en: 'Add an artist' },
  upload: { ja: '画像をアップロード', en: 'Upload a picture' },
  media: { ja: 'メディアライブラリ', en: 'Media library' },
  news: { ja: 'お知らせ', en: 'News' },
  banners: { ja: 'バナー', en: 'Banners' },
  name: { ja: '名前', en: 'Name' },
  slug: { ja: 'スラッグ', en: 'Slug' },
  type: { ja: '種別', en: 'Type' },
  state: { ja: '販売', en: 'Sales' },
  publish: { ja: '公開', en: 'Publishing' },
  open: { ja: '販売中', en: 'On sale' },
  closed: { ja: '販売終了', en: 'Closed' },
  archivedArtists: { ja: 'アーカイブしたアーティスト', en: 'Archived artists' },
  showArchived: { ja: 'アーカイブしたアーティストを見る', en: 'Show archived artists' },
  showCurrent: { ja: 'アーカイブ以外のアーティストを見る', en: 'Show current artists' },
  empty: { ja: 'アーティストはまだいません。', en: 'No artists yet.' },
} as const satisfies Record<string, Text>;

/** The artists, a page at a time (`?page=`), in the lineup's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const archived = archivedParam(request);
  const page = mustStaff(await staffApiFrom(context).catalogueArtists(pageParam(request), archived));
  const now = new Date();
  return { ...page, archived, status: Object.fromEntries(page.artists.map((a) => [a.id, publishStatusAt(a, now)])) };
}

export function Component() {
  const { artists, page, pages, total, archived, status } = useLoaderData<typeof loader>();
  const t = useT();
  const here = archived ? `${adminHref('catalogue')}?archived=1` : adminHref('catalogue');
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p className="catalogue-actions">
        <Link className="button button-primary" to={adminHref('catalogueArtistNew')}>{t(COPY.add)}</Link>
        <Link className="button button-ghost" to={adminHref('catalogueImage')}>{t(COPY.upload)}</Link>
        <Link to={adminHref('catalogueMedia')}>{t(COPY.media)}</Link>
        <Link to={adminHref('catalogueNews')}>{t(COPY.news)}</Link>
        <Link to={adminHref('catalogueBanners')}>{t(COPY.banners)}</Link>
      </p>
      <h2>{t(archived ? COPY.archivedArtists : COPY.artists)}（{total}）</h2>
      <p><Link to={archived ? adminHref('catalogue') : `${adminHref('catalogue')}?archived=1`}>{t(archived ? COPY.showCurrent : COPY.showArchived)}</Link></p>
      {artists.length === 0 ? <p>{t(COPY.empty)}</p> : (
        <ScrollRegion label={t(COPY.artists)}>
        <table className="console-table">
          <thead><tr><th scope="col">{t(COPY.name)}</th><th scope="col">{t(COPY.slug)}</th><th scope="col">{t(COPY.type)}</th><th scope="col">{t(COPY.publish)}</th><th scope="col">{t(COPY.state)}</th></tr></thead>
          <tbody>
            {artists.map((a) => (
              <tr key={a.id}>
                <td><Link to={adminHref('catalogueArtist', { id: String(a.id) })}>{a.name}</Link><EnglishMissing pairs={ENGLISH_PAIRS.artist(a)} /></td>
                <td><code>{a.slug}</code></td>
                <td>{t(ARTIST_TYPE_LABELS[a.type])}</td>
                <td>{status[a.id] ? <StatusBadge status={status[a.id]!} /> : null}</td>
                <td>{t(a.isClose ? COPY.closed : COPY.open)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollRegion>
      )}
      <Pager path={here} page={page} pages={pages} hasNext={page < pages} />
    </main>
  );
}
