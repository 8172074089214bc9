import { REFUND_FLAG_LABELS } from '../../../shared/refund-rules.ts';
import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { RefusedLineView, ShipmentPreviewView, ShipmentReportView } from '../../../shared/api/rounds.ts';
import { formatDateTime, formatNumber } from '../../../shared/format.ts';
import { parcelWith } from '../../../shared/parcel-display.ts';
import { ConfirmImportInput } from '../../../shared/shipment-import-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { apiFailure, checkInput, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { mustStaff } from '../data/console-load.ts';
import { boxStatus, IMPORT_MODE } from '../data/shipping-text.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  title: { ja: '取り込みの確認', en: 'Review the import' },
  back: { ja: 'お届け回の一覧', en: 'All rounds' },
  file: { ja: 'ファイル', en: 'File' },
  mode: { ja: '種類', en: 'Records' },
  expires: { ja: '確認の期限', en: 'Confirm before' },
  unreadable: { ja: 'このファイルは取り込めません', en: 'This file cannot be imported' },
  changes: { ja: '変更される箱', en: 'Boxes that will change' },
  noChanges: { ja: '変更される箱はありません。', en: 'No box would change.' },
  line: { ja: '行', en: 'Line' },
  order: { ja: '注文番号', en: 'Order' },
  from: { ja: '現在', en: 'Now' },
  to: { ja: '変更後', en: 'After' },
  tracking: { ja: '配送業者・追跡番号', en: 'Carrier and tracking number' },
  already: { ja: '取り込み済みの行', en: 'Lines already applied' },
  refused: { ja: '取り込めない行', en: 'Lines refused' },
  reason: { ja: '理由', en: 'Reason' },
  confirm: { ja: 'この内容で取り込む', en: 'Apply these changes' },
  applied: { ja: '取り込みました', en: 'Imported' },
  appliedAt: { ja: '取り込み日時', en: 'Applied at' },
  appliedCount: { ja: '変更した箱', en: 'Boxes changed' },
  mails: { ja: '送信した発送通知', en: 'Shipped mails sent' },
} as const satisfies Record<string, Text>;

const TO: Record<'shipped' | 'delivered', Text> = { shipped: boxStatus('COMPLETEMAIL'), delivered: boxStatus('DELIVERED') };

export async function loader({ params, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).shipmentImport(params.id ?? '')).import;
}

/** The one form: confirm. Applying twice changes nothing (the API marks the file applied). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const invalid = checkInput(ConfirmImportInput, values, values);
  if (invalid) return invalid;
  const id = params.id ?? '';
  const result = await staffApiFrom(context).confirmShipmentImport(id);
  if (!result.ok) return apiFailure(result, values);
  return seeOther(adminHref('shipmentImport', { id }));
}

export function Component() {
  const staged = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <p><Link to={adminHref('rounds')}>{t(COPY.back)}</Link></p>
      <h1>{staged.appliedAt ? t(COPY.applied) : t(COPY.title)}</h1>
      <dl className="console-facts">
        <dt>{t(COPY.file)}</dt><dd>{staged.filename || '—'}</dd>
        <dt>{t(COPY.mode)}</dt><dd>{t(IMPORT_MODE[staged.mode])}</dd>
        {staged.appliedAt
          ? <><dt>{t(COPY.appliedAt)}</dt><dd>{formatDateTime(staged.appliedAt)}</dd></>
          : <><dt>{t(COPY.expires)}</dt><dd>{formatDateTime(staged.expiresAt)}</dd></>}
      </dl>
      {staged.fileError ? (
        <div className="form-error" role="alert">
          <p>{t(COPY.unreadable)}</p>
          <p>{t(staged.fileError)}</p>
        </div>
      ) : null}
      {staged.report ? <Report report={staged.report} /> : null}
      {staged.preview ? <Preview preview={staged.preview} failure={failure} /> : null}
    </main>
  );
}

function Preview({ preview, failure }: { preview: ShipmentPreviewView; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <>
      <h2>{`${t(COPY.changes)}（${formatNumber(preview.changes.length)}）`}</h2>
      {preview.changes.length === 0 ? <p>{t(COPY.noChanges)}</p> : (
        <ScrollRegion label={t(COPY.changes)}>
          <table className="console-table" data-testid="import-changes">
            <thead>
              <tr>
                <th scope="col" className="num">{t(COPY.line)}</th>
                <th scope="col">{t(COPY.order)}</th>
                <th scope="col">{t(COPY.from)}</th>
                <th scope="col">{t(COPY.to)}</th>
                <th scope="col">{t(COPY.tracking)}</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.map((change) => (
                <tr key={change.line}>
                  <td className="num">{change.line}</td>
                  <th scope="row">{change.orderHistoryId}{change.parcelBoxIds?.length ? <> <span>{t(parcelWith(change.parcelBoxIds))}</span></> : null}{change.refunded ? <> <strong className="console-flag">{t(REFUND_FLAG_LABELS[change.refunded])}</strong></> : null}</th>
                  <td>{t(boxStatus(change.from))}</td>
                  <td>{t(TO[change.to])}</td>
                  <td>{`${change.carrier} ${change.trackingNumber}`.trim() || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {preview.alreadyApplied > 0 ? <p>{`${t(COPY.already)}: ${formatNumber(preview.alreadyApplied)}`}</p> : null}
      <Refused refused={preview.refused} />
      {preview.changes.length > 0 ? (
        <Form method="post" className="console-form">
          {failure?.error ? <FormError text={failure.error} /> : null}
          <input type="hidden" name="intent" value="confirm" />
          <SubmitButton label={COPY.confirm} />
        </Form>
      ) : null}
    </>
  );
}

function Report({ report }: { report: ShipmentReportView }) {
  const t = useT();
  return (
    <>
      <dl className="console-facts" data-testid="import-report">
        <dt>{t(COPY.appliedCount)}</dt><dd>{formatNumber(report.applied)}</dd>
        <dt>{t(COPY.already)}</dt><dd>{formatNumber(report.alreadyApplied)}</dd>
        <dt>{t(COPY.mails)}</dt><dd>{formatNumber(report.mailsSent)}</dd>
      </dl>
      <Refused refused={report.refused} />
    </>
  );
}

function Refused({ refused }: { refused: RefusedLineView[] }) {
  const t = useT();
  if (refused.length === 0) return null;
  return (
    <>
      <h2>{`${t(COPY.refused)}（${formatNumber(refused.length)}）`}</h2>
      <ScrollRegion label={t(COPY.refused)}>
        <table className="console-table" data-testid="import-refused">
          <thead>
            <tr>
              <th scope="col" className="num">{t(COPY.line)}</th>
              <th scope="col">{t(COPY.reason)}</th>
            </tr>
          </thead>
          <tbody>
            {refused.map((line) => (
              <tr key={line.line}>
                <th scope="row" className="num">{line.line}</th>
                {/* Reports applied before issue 32 hold the English reason alone. */}
                <td lang={line.reasonEn === undefined ? 'en' : undefined}>{t({ ja: line.reason, en: line.reasonEn ?? line.reason })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
