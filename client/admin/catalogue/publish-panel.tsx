import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { PUBLISH_STATUS_LABELS, type Publishable, type PublishStatus } from '../../../shared/publish-state.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { Checkbox } from './form-fields.tsx';
import { toJstInput } from './jst-input.ts';

/**
 * An item's publish state and its steps (issue 32): publish now, schedule, back to draft,
 * archive, delete — each a form of its own that posts to the page (runPublishStep).
 */
const L = {
  title: { ja: '公開', en: 'Publishing' },
  state: { ja: '状態：', en: 'State: ' },
  from: { ja: '公開日時：', en: 'Public from: ' },
  preview: { ja: 'プレビューを見る', en: 'Preview' },
  publish: { ja: '今すぐ公開する', en: 'Publish now' },
  publishAt: { ja: '公開日時（日本時間）', en: 'Publish at (Japan time)' },
  schedule: { ja: '公開を予約する', en: 'Schedule' },
  unpublish: { ja: '下書きに戻す', en: 'Back to draft' },
  archive: { ja: 'アーカイブする', en: 'Archive' },
  archiveLead: { ja: 'アーカイブするとショップと一覧から消えます。注文や定期便の記録には残ります。', en: 'Archived, it leaves the shop and the lists; orders and subscriptions still show it.' },
  delete: { ja: '削除する', en: 'Delete' },
  confirm: { ja: '削除すると元に戻せないことを確認しました', en: 'I understand a deletion cannot be undone' },
  deleteLead: { ja: '注文・定期便・号が参照しているものは削除できません（アーカイブしてください）。', en: 'What orders, subscriptions or rounds refer to cannot be deleted (archive it instead).' },
} as const satisfies Record<string, Text>;

export function StatusBadge({ status }: { status: PublishStatus }) {
  const t = useT();
  return <span className={`console-badge publish-badge publish-badge-${status}`}>{t(PUBLISH_STATUS_LABELS[status])}</span>;
}

interface PanelProps {
  item: Publishable;
  status: PublishStatus;
  archivable: boolean;
  deletable: boolean;
  previewHref?: string;
  /** For a plan: what happens to its subscribers when it leaves the shop. */
  note?: Text;
  failure: FormFailure | undefined;
}

export function PublishPanel({ item, status, archivable, deletable, previewHref, note, failure }: PanelProps) {
  const t = useT();
  return (
    <section className="publish-panel" aria-labelledby="publish-title">
      <h2 id="publish-title">{t(L.title)}</h2>
      <p>
        {t(L.state)}<StatusBadge status={status} />
        {item.publishAt ? <> {t(L.from)}{formatDateTime(item.publishAt)}</> : null}
        {previewHref ? <> <Link to={previewHref}>{t(L.preview)}</Link></> : null}
      </p>
      {note ? <p className="form-hint">{t(note)}</p> : null}
      {failure?.error ? <p role="alert" className="form-error">{t(failure.error)}</p> : null}
      <div className="publish-steps">
        {status !== 'published' ? <StepForm intent="publish" label={L.publish} /> : null}
        {status !== 'archived' ? (
          <ValidatedForm failure={failure?.fields?.publishAt ? failure : undefined} intent="schedule" className="catalogue-form">
            <Field name="publishAt" type="datetime-local" label={L.publishAt} defaultValue={toJstInput(item.publishAt)} required />
            <SubmitButton label={L.schedule} variant="ghost" />
          </ValidatedForm>
        ) : null}
        {status !== 'draft' ? <StepForm intent="unpublish" label={L.unpublish} /> : null}
        {archivable && status !== 'archived' ? <><p className="form-hint">{t(L.archiveLead)}</p><StepForm intent="archive" label={L.archive} /></> : null}
        {deletable ? (
          <ValidatedForm failure={failure?.fields?.confirm ? failure : undefined} intent="delete" className="catalogue-form">
            <p className="form-hint">{t(L.deleteLead)}</p>
            <Checkbox name="confirm" label={L.confirm} defaultChecked={false} />
            <SubmitButton label={L.delete} variant="ghost" />
          </ValidatedForm>
        ) : null}
      </div>
    </section>
  );
}

function StepForm({ intent, label }: { intent: string; label: Text }) {
  return (
    <ValidatedForm failure={undefined} intent={intent} className="publish-step">
      <SubmitButton label={label} variant={intent === 'publish' ? 'primary' : 'ghost'} />
    </ValidatedForm>
  );
}
