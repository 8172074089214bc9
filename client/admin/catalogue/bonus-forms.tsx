import { Form } from 'react-router';
import type { StaffBonus } from '../../../shared/api/vault.ts';
import { BONUS_NAME_MAX, MILESTONE_MAX } from '../../../shared/vault.ts';
import { FieldMessage } from '../../components/form/field.tsx';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { BONUS_COPY as COPY } from './bonus-copy.ts';

/**
 * The console's 特典 forms (issue 33): a file (multipart), a code list, and codes added to a list.
 * Each posts to its page's action with its `intent`, JavaScript or not.
 */
function NameField({ prefix, failure }: { prefix: string; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <div className="form-field">
      <label htmlFor={`${prefix}-name`} className="form-label">{t(COPY.name)}</label>
      <input id={`${prefix}-name`} type="text" name="name" className="form-input" required maxLength={BONUS_NAME_MAX} defaultValue={failure?.values?.name ?? ''} />
      <FieldMessage id={`${prefix}-name-error`} error={failure?.fields?.name} />
    </div>
  );
}

function MilestoneField({ prefix, failure }: { prefix: string; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <div className="form-field">
      <label htmlFor={`${prefix}-milestone`} className="form-label">{t(COPY.milestone)}</label>
      <input id={`${prefix}-milestone`} name="milestone" type="number" inputMode="numeric" min={1} max={MILESTONE_MAX} required className="form-input"
        defaultValue={failure?.values?.milestone ?? '6'} />
      <FieldMessage id={`${prefix}-milestone-error`} error={failure?.fields?.milestone} />
    </div>
  );
}

export function FileForm({ round, failure }: { round: boolean; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <Form method="post" encType="multipart/form-data" className="form console-form">
      <h2>{t(COPY.addFile)}</h2>
      {failure?.error ? <FormError text={failure.error} /> : null}
      <input type="hidden" name="intent" value="file" />
      {round ? null : <MilestoneField prefix="bonus-file" failure={failure} />}
      <NameField prefix="bonus-file" failure={failure} />
      <div className="form-field">
        <label htmlFor="bonus-file" className="form-label">{t(COPY.file)}</label>
        <p className="form-hint">{t(COPY.fileHint)}</p>
        <input id="bonus-file" type="file" name="file" required accept="image/png,image/jpeg,image/webp,audio/*,application/pdf"
          aria-invalid={failure?.fields?.file ? true : undefined} aria-describedby={failure?.fields?.file ? 'bonus-file-error' : undefined} />
        <FieldMessage id="bonus-file-error" error={failure?.fields?.file} />
      </div>
      <SubmitButton label={COPY.upload} />
    </Form>
  );
}

export function CodesForm({ round, failure }: { round: boolean; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <Form method="post" className="form console-form">
      <h2>{t(COPY.addCodes)}</h2>
      {failure?.error ? <FormError text={failure.error} /> : null}
      <input type="hidden" name="intent" value="codes" />
      {round ? null : <MilestoneField prefix="bonus-codes" failure={failure} />}
      <NameField prefix="bonus-codes" failure={failure} />
      <div className="form-field">
        <label htmlFor="bonus-codes" className="form-label">{t(COPY.codes)}</label>
        <p className="form-hint">{t(COPY.codesHint)}</p>
        <textarea id="bonus-codes" name="codes" rows={6} required className="form-input" defaultValue={failure?.values?.codes ?? ''}
          aria-invalid={failure?.fields?.codes ? true : undefined} aria-describedby={failure?.fields?.codes ? 'bonus-codes-error' : undefined} />
        <FieldMessage id="bonus-codes-error" error={failure?.fields?.codes} />
      </div>
      <SubmitButton label={COPY.saveCodes} />
    </Form>
  );
}

export function AppendForm({ lists, failure }: { lists: StaffBonus[]; failure: FormFailure | undefined }) {
  const t = useT();
  if (lists.length === 0) return null;
  return (
    <Form method="post" className="form console-form">
      <h2>{t(COPY.append)}</h2>
      {failure?.error ? <FormError text={failure.error} /> : null}
      <input type="hidden" name="intent" value="append" />
      <div className="form-field">
        <label htmlFor="bonus-append-list" className="form-label">{t(COPY.appendList)}</label>
        <select id="bonus-append-list" name="id" className="form-input">
          {lists.map((b) => <option key={b.id} value={b.id}>{`${b.name}（${t(COPY.codesLeft)}: ${b.codes?.left ?? 0}）`}</option>)}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="bonus-append-codes" className="form-label">{t(COPY.codes)}</label>
        <p className="form-hint">{t(COPY.appendHint)}</p>
        <textarea id="bonus-append-codes" name="codes" rows={4} required className="form-input" defaultValue={failure?.values?.codes ?? ''}
          aria-invalid={failure?.fields?.codes ? true : undefined} aria-describedby={failure?.fields?.codes ? 'bonus-append-codes-error' : undefined} />
        <FieldMessage id="bonus-append-codes-error" error={failure?.fields?.codes} />
      </div>
      <SubmitButton label={COPY.appendSubmit} />
    </Form>
  );
}
