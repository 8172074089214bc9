import type { Text } from '../../../shared/text.ts';
import { RECEIPT_ADDRESSEE_MAX } from '../../../shared/receipt.ts';
import type { FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { Field } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { ValidatedForm } from '../form/validated-form.tsx';
import { RECEIPT_COPY as C } from './receipt-copy.ts';

/** Issues (or reissues) the receipt to the addressee typed; a plain POST without JavaScript. */
export function ReceiptForm({ addressee, failure, reissue }: { addressee: string; failure: FormFailure | undefined; reissue: boolean }) {
  const t = useT();
  const title: Text = reissue ? C.reissueTitle : C.formTitle;
  return (
    <section className="receipt-form" aria-labelledby="receipt-form-title">
      <h2 id="receipt-form-title">{t(title)}</h2>
      <ValidatedForm failure={failure} intent="issue">
        <Field name="addressee" label={C.addressee} hint={C.addresseeHint} defaultValue={addressee}
          maxLength={RECEIPT_ADDRESSEE_MAX} autoComplete="name" required />
        <SubmitButton label={reissue ? C.reissue : C.issue} variant={reissue ? 'ghost' : 'primary'} />
      </ValidatedForm>
    </section>
  );
}
