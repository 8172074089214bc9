import { REFUND_FLAG_LABELS } from '../../../shared/refund-rules.ts';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { elsewhereLine } from '../../../shared/parcel-display.ts';
import { hyphenatedZip } from '../../../shared/shipping-columns.ts';
import { SHIPPING_LAYOUT_IDS, SHIPPING_LAYOUT_NAMES } from '../../../shared/shipping-layout-names.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { Pager } from '../components/pager.tsx';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { boxStatus } from '../data/shipping-text.ts';
import { ROUND_EXPORT_PATH, staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  back: { ja: 'お届け回の一覧', en: 'All rounds' },
  facts: { ja: 'お届け回の概要', en: 'About the round' },
  deadline: { ja: '締切', en: 'Deadline' },
  shipDate: { ja: '発送予定日', en: 'Planned shipping' },
  waiting: { ja: '出荷待ち', en: 'Waiting' },
  shipped: { ja: '発送済み', en: 'Shipped' },
  delivered: { ja: '配達完了', en: 'Delivered' },
  export: { ja: '出荷リストのダウンロード', en: 'Download the shipping list' },
  exportLead: {
    ja: '出荷待ちの箱をCSVで書き出します。配送ソフト（B2クラウド・e飛伝・ゆうプリR）にはそのソフトのレイアウトを、倉庫・Excel には OshiBox 標準を選んでください。',
    en: 'The boxes waiting to ship, as CSV: the layout of your carrier software (B2 Cloud, e-Hiden, Yu-Pri R), or OshiBox standard for the warehouse and Excel.',
  },
  layout: { ja: 'レイアウト', en: 'Layout' },
  encoding: { ja: '文字コード', en: 'Encoding' },
  encodingAuto: { ja: 'おすすめ（レイアウトに合わせる）', en: 'Recommended for the layout' },
  encodingHint: { ja: 'おすすめは、配送ソフトのレイアウトなら Shift_JIS、OshiBox 標準なら UTF-8（BOM付き）です。', en: 'Recommended: Shift_JIS for a carrier layout, UTF-8 (with BOM) for OshiBox standard.' },
  utf8: { ja: 'UTF-8（BOM付き・Excel用）', en: 'UTF-8 (with BOM, for Excel)' },
  cp932: { ja: 'Shift_JIS', en: 'Shift_JIS' },
  download: { ja: 'ダウンロード', en: 'Download' },
  boxes: { ja: '出荷する箱', en: 'Boxes to ship' },
  order: { ja: '注文番号', en: 'Order' },
  status: { ja: '状態', en: 'Status' },
  count: { ja: '数量', en: 'Count' },
  to: { ja: 'お届け先', en: 'Ship to' },
  tracking: { ja: '追跡番号', en: 'Tracking number' },
  none: { ja: '出荷する箱はまだありません。', en: 'No boxes to ship yet.' },
  elsewhere: { ja: '他のお届け回と同梱の箱', en: 'Boxes shipped with another round' },
  elsewhereLead: {
    ja: '同じファンの同じお届け先への箱は1個口にまとめ、最後に発送するお届け回のファイルに1行で載せます。次の箱はこのお届け回のファイルには載りません。',
    en: "A fan's boxes to one address travel as one parcel, one line in the file of the round that ships last. These boxes are not in this round's file.",
  },
} as const satisfies Record<string, Text>;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).round(params.id ?? '', pageParam(request)));
}

export function Component() {
  const { round, boxes, page, hasNext, travelElsewhere } = useLoaderData<typeof loader>();
  const t = useT();
  const title = `${round.artistName} ${round.planName} ${round.name}`;
  return (
    <main>
      <title>{`${title} | OshiBox`}</title>
      <p><Link to={adminHref('rounds')}>{t(COPY.back)}</Link></p>
      <h1>{title}</h1>
      <dl className="console-facts" aria-label={t(COPY.facts)}>
        <dt>{t(COPY.deadline)}</dt><dd>{formatDate(round.deadline)}</dd>
        <dt>{t(COPY.shipDate)}</dt><dd>{formatDate(round.shipDate)}</dd>
        <dt>{t(COPY.waiting)}</dt><dd>{formatNumber(round.waiting)}</dd>
        <dt>{t(COPY.shipped)}</dt><dd>{formatNumber(round.shipped)}</dd>
        <dt>{t(COPY.delivered)}</dt><dd>{formatNumber(round.delivered)}</dd>
      </dl>
      <h2>{t(COPY.export)}</h2>
      <p>{t(COPY.exportLead)}</p>
      {/* A plain GET form through the console's /api proxy: the browser downloads with the staff cookie, with or without JavaScript. */}
      <form method="get" action={ROUND_EXPORT_PATH} className="console-form" aria-label={t(COPY.export)}>
        <input type="hidden" name="round" value={round.id} />
        <div className="form-field">
          <label htmlFor="export-layout" className="form-label">{t(COPY.layout)}</label>
          <select id="export-layout" name="layout" defaultValue="oshibox" className="form-input">
            {SHIPPING_LAYOUT_IDS.map((id) => <option key={id} value={id}>{t(SHIPPING_LAYOUT_NAMES[id])}</option>)}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="export-encoding" className="form-label">{t(COPY.encoding)}</label>
          <select id="export-encoding" name="encoding" defaultValue="" className="form-input" aria-describedby="export-encoding-hint">
            <option value="">{t(COPY.encodingAuto)}</option>
            <option value="cp932">{t(COPY.cp932)}</option>
            <option value="utf8">{t(COPY.utf8)}</option>
          </select>
          <p id="export-encoding-hint" className="form-hint">{t(COPY.encodingHint)}</p>
        </div>
        <button type="submit" className="button">{t(COPY.download)}</button>
      </form>
      {travelElsewhere.length > 0 ? (
        <section aria-labelledby="round-elsewhere" data-testid="round-elsewhere">
          <h3 id="round-elsewhere">{t(COPY.elsewhere)}</h3>
          <p>{t(COPY.elsewhereLead)}</p>
          <ul>
            {travelElsewhere.map((e) => (
              <li key={e.roundId}>
                <Link to={adminHref('round', { id: String(e.roundId) })}>{t(elsewhereLine(e))}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{t(COPY.boxes)}</h2>
      {boxes.length === 0 ? <p>{t(COPY.none)}</p> : (
        <ScrollRegion label={t(COPY.boxes)}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t(COPY.order)}</th>
                <th scope="col">{t(COPY.status)}</th>
                <th scope="col" className="num">{t(COPY.count)}</th>
                <th scope="col">{t(COPY.to)}</th>
                <th scope="col">{t(COPY.tracking)}</th>
              </tr>
            </thead>
            <tbody>
              {boxes.map((box) => (
                <tr key={box.id}>
                  <th scope="row">{box.id}</th>
                  <td>{t(boxStatus(box.status))}{box.refunded ? <> <strong className="console-flag">{t(REFUND_FLAG_LABELS[box.refunded])}</strong></> : null}</td>
                  <td className="num">{box.count}</td>
                  <td>{`${box.name} 〒${hyphenatedZip(box.zip)} ${box.address} ${box.address2}`.trim()}</td>
                  <td>{box.trackingNumber ? `${box.carrier} ${box.trackingNumber}`.trim() : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager path={adminHref('round', { id: String(round.id) })} page={page} hasNext={hasNext} />
    </main>
  );
}
