import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { href } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { ArtistGrid, toArtistCard, type ArtistCardData } from '../components/artist-card.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

const RE_BOX_TAG = 're-box';

interface ReBoxData {
  open: ArtistCardData[];
  closed: ArtistCardData[];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<ReBoxData> {
  const artists = must(await apiFrom(context).artistsByTag(RE_BOX_TAG)).map(toArtistCard);
  return { open: artists.filter((a) => !a.isClose), closed: artists.filter((a) => a.isClose) };
}

const POINTS: readonly { title: Text; body: Text }[] = [
  {
    title: { ja: 'あのBOXをもう一度', en: 'That box, once more' },
    body: { ja: '過去にお届けして好評だったBOXを、当時と同じ内容で再販します。', en: 'Popular past boxes are sold again with the same contents.' },
  },
  {
    title: { ja: '受付は期間限定', en: 'For a limited time' },
    body: { ja: '受付期間が短いので、気になるBOXはお早めにどうぞ。', en: 'Orders are open only briefly, so do not wait too long.' },
  },
  {
    title: { ja: 'お申し込みはいつもどおり', en: 'Order as usual' },
    body: { ja: '各アーティストのページから、通常のBOXと同じ手順でお申し込みいただけます。', en: 'Order from each artist page, just like any other box.' },
  },
];

/** docs/spec.md §2: the Re-box category — past boxes sold again; open artists first, closed ones after. */
export function Component() {
  const { open, closed } = useLoaderData() as ReBoxData;
  const t = useT();
  return (
    <div className="page re-box">
      <PageMeta
        title="Re-box"
        description={t({
          ja: 'Re-boxは、過去に好評だったOshiBoxのBOXを当時と同じ内容でもう一度お届けする再販企画です。受付中のRe-boxをご紹介します。',
          en: 'Re-box brings back popular past OshiBox boxes with the same contents. See the Re-boxes taking orders now.',
        })}
      />
      <header className="re-box-hero">
        <p className="re-box-eyebrow">{t({ ja: '再販企画', en: 'Re-release' })}</p>
        <h1 className="re-box-title">Re-box</h1>
        <p className="re-box-lead">
          {t({ ja: '「もう一度ほしい」の声にお応えして、あのBOXが帰ってきました。', en: 'You asked for them again: past boxes are back.' })}
        </p>
      </header>
      <ol className="re-box-points">
        {POINTS.map((point) => (
          <li key={point.title.ja}>
            <strong>{t(point.title)}</strong>
            <span>{t(point.body)}</span>
          </li>
        ))}
      </ol>
      <ReBoxSection id="re-box-open" title={{ ja: '受付中のRe-box', en: 'Re-box on sale' }} artists={open}
        empty={{ ja: '現在受付中のRe-boxはありません。次回の再販をお楽しみに。', en: 'No Re-box is on sale now. Stay tuned.' }} />
      {closed.length > 0 ? (
        <ReBoxSection id="re-box-closed" title={{ ja: '販売終了したRe-box', en: 'Re-box sales ended' }} artists={closed}
          note={{ ja: 'これらのBOXの販売は終了しました。', en: 'Sales of these boxes have ended.' }} />
      ) : null}
      <p className="page-back">
        <Link className="button" to={href('lineup')}>{t({ ja: 'ラインナップを見る', en: 'See the lineup' })}</Link>
      </p>
    </div>
  );
}

function ReBoxSection({ id, title, artists, empty, note }: { id: string; title: Text; artists: ArtistCardData[]; empty?: Text; note?: Text }) {
  const t = useT();
  return (
    <section className={`section ${id}`} aria-labelledby={id}>
      <h2 id={id} className="section-title">{t(title)}</h2>
      {note ? <p className="closed-note">{t(note)}</p> : null}
      {artists.length > 0 ? <ArtistGrid artists={artists} /> : <p className="notice">{empty ? t(empty) : null}</p>}
    </section>
  );
}
