import { Link } from 'react-router';
import { CheckCodeInput, SendMailInput } from '../../../shared/account-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { toCheckInput, toSendInput, type EntryStep, type EntryType } from '../../data/account-entry.ts';
import type { FormFailure } from '../../data/form-action.ts';
import { useLang, useT } from '../../lang.tsx';
import { Field } from '../form/field.tsx';
import { SubmitButton } from '../form/submit-button.tsx';
import { ValidatedForm } from '../form/validated-form.tsx';

const COPY = {
  email: { ja: 'メールアドレス', en: 'Email' },
  send: { ja: '認証コードを送信', en: 'Send the code' },
  code: { ja: '認証コード（6桁）', en: 'Authentication code (6 digits)' },
  codeHint: { ja: 'メールに記載の6桁の数字です。有効期限は30分です。', en: 'The 6 digits in the mail. They are valid for 30 minutes.' },
  check: { ja: '次へ', en: 'Next' },
  resend: { ja: '認証コードを再送信', en: 'Send the code again' },
  otherEmail: { ja: '別のメールアドレスを使う', en: 'Use another email' },
  sentTo: { ja: '送信先', en: 'Sent to' },
} as const satisfies Record<string, Text>;

export const STEP_LABELS: Record<EntryType, Record<EntryStep, Text>> = {
  signup: {
    email: { ja: 'メールアドレス', en: 'Email' },
    code: { ja: '認証コード', en: 'Code' },
    details: { ja: '会員情報', en: 'Your details' },
  },
  reminder: {
    email: { ja: 'メールアドレス', en: 'Email' },
    code: { ja: '認証コード', en: 'Code' },
    details: { ja: '新しいパスワード', en: 'New password' },
  },
};

const ORDER: EntryStep[] = ['email', 'code', 'details'];

/** Where the shopper is among the three steps; the current one is marked for screen readers. */
export function StepList({ type, step }: { type: EntryType; step: EntryStep }) {
  const t = useT();
  return (
    <ol className="account-steps">
      {ORDER.map((s) => (
        <li key={s} aria-current={s === step ? 'step' : undefined}>{t(STEP_LABELS[type][s])}</li>
      ))}
    </ol>
  );
}

/**
 * The screen's language travels with each step's form, so the mail comes in that language and a
 * page rendered without JavaScript stays in it (docs/spec.md §2: only route changes turn English off).
 */
export function LangField() {
  const { english } = useLang();
  return <input type="hidden" name="lang" value={english ? 'en' : 'ja'} />;
}

/** Hidden state of the steps before (e-mail, code): carried by the form, not by a session. */
export function CarriedFields({ values }: { values: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ''} />
      ))}
    </>
  );
}

export function EmailStep({ type, failure }: { type: EntryType; failure: FormFailure | undefined }) {
  return (
    <ValidatedForm failure={failure} rules={{ schema: SendMailInput, toInput: toSendInput(type) }} intent="send">
      <LangField />
      <Field name="email" type="email" label={COPY.email} autoComplete="email" inputMode="email" maxLength={200} required />
      <SubmitButton label={COPY.send} />
    </ValidatedForm>
  );
}

export function CodeStep({ type, failure, email }: { type: EntryType; failure: FormFailure | undefined; email: string }) {
  const t = useT();
  return (
    <>
      <p className="account-sent-to">
        {t(COPY.sentTo)}: <strong>{email}</strong>
      </p>
      <ValidatedForm failure={failure} rules={{ schema: CheckCodeInput, toInput: toCheckInput(type) }} intent="check">
        <LangField />
        <CarriedFields values={{ email }} />
        <Field name="code" label={COPY.code} hint={COPY.codeHint} inputMode="numeric" autoComplete="one-time-code"
          maxLength={6} pattern="[0-9]*" required />
        <SubmitButton label={COPY.check} />
      </ValidatedForm>
      <ValidatedForm failure={undefined} intent="send" className="account-resend">
        <LangField />
        <CarriedFields values={{ email }} />
        <SubmitButton label={COPY.resend} variant="ghost" />
      </ValidatedForm>
      <p className="form-links">
        <Link to=".">{t(COPY.otherEmail)}</Link>
      </p>
    </>
  );
}
