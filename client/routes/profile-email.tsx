import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { EmailChangeInput, SendMailInput } from '../../shared/account-rules.ts';
import type { CurrentUser } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { href, loginHref } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { Field } from '../components/form/field.tsx';
import { FormNotice } from '../components/form/form-message.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { ValidatedForm } from '../components/form/validated-form.tsx';
import { withNotice } from '../components/profile/flash-notice.tsx';
import { apiFrom } from '../data/api.ts';
import { loadCurrentUser } from '../data/current-user.ts';
import { apiFailure, checkInput, formFailure, readForm, seeOther, type FormFailure, type FormValues } from '../data/form-action.ts';
import { useLang, useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'メールアドレスの変更', en: 'Change your e-mail address' },
  lead: {
    ja: '新しいメールアドレスに認証コードをお送りします。コードを入力すると変更が完了します。',
    en: 'We send a code to the new address. The change is done once you enter the code.',
  },
  current: { ja: '現在のメールアドレス', en: 'Current e-mail address' },
  email: { ja: '新しいメールアドレス', en: 'New e-mail address' },
  send: { ja: '認証コードを送信する', en: 'Send the code' },
  code: { ja: '認証コード（6桁）', en: 'Code (6 digits)' },
  codeHint: { ja: 'コードの有効期限は30分です。', en: 'The code is valid for 30 minutes.' },
  change: { ja: 'メールアドレスを変更する', en: 'Change e-mail address' },
  resend: { ja: '認証コードを再送する', en: 'Send the code again' },
  restart: { ja: '別のメールアドレスを入力する', en: 'Use a different address' },
  back: { ja: '会員情報に戻る', en: 'Back to your profile' },
} as const satisfies Record<string, Text>;

function sentNotice(email: string): Text {
  return {
    ja: `${email} に認証コードを送信しました。メールに記載の6桁のコードを入力してください。`,
    en: `We sent a code to ${email}. Enter the 6-digit code from the mail.`,
  };
}

const IntentSchema = z.object({ intent: z.enum(['send', 'change']), langType: z.catch(z.enum(['ja', 'en']), 'ja') });

export async function loader({ request, context }: LoaderFunctionArgs): Promise<CurrentUser> {
  return loadCurrentUser(request, context);
}

const toSendInput = (values: FormValues) => ({ email: values.email ?? '', type: 'email' as const });
const toChangeInput = (values: FormValues) => ({ email: values.email ?? '', code: values.code ?? '' });

/**
 * Two steps on one URL (the page never changes address, so English stays on between them):
 * `send` mails a code to the new address, `change` proves it and changes the e-mail.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = IntentSchema.safeParse(values);
  if (!parsed.success) return formFailure({ error: MESSAGES.fieldInvalid }, values);
  const api = apiFrom(context);
  const send = parsed.data.intent === 'send';
  const input = send ? toSendInput(values) : toChangeInput(values);
  const invalid = checkInput(send ? SendMailInput : EmailChangeInput, input, values);
  if (invalid) return invalid;
  const result = send ? await api.sendMail(toSendInput(values), parsed.data.langType) : await api.updateUser(toChangeInput(values));
  if (!result.ok && (result.error.code === 'REAUTH_REQUIRED' || result.status === 401)) {
    return seeOther(loginHref(href('profileEmail')));
  }
  if (!result.ok) return apiFailure(result, values);
  if (!send) return seeOther(withNotice(href('profile'), 'email'));
  // The code step: what it needs is the address the code went to.
  return { values: { intent: 'send', email: input.email, sent: 'true' } } satisfies FormFailure;
}

/** The step to show: the code form once a code went out, until the address itself is refused. */
function codeStepEmail(answer: FormFailure | undefined): string | null {
  const values = answer?.values;
  if (!values?.email || answer?.fields?.email) return null;
  if (values.intent === 'send' && values.sent === 'true') return values.email;
  return values.intent === 'change' ? values.email : null;
}

/** docs/spec.md §2 "/mypage/profile/email": a new address, proved by the code mailed to it. */
export function Component() {
  const user = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure>();
  const t = useT();
  const email = codeStepEmail(answer);
  return (
    <AccountCard title={COPY.title} lead={COPY.lead}>
      <p className="profile-current">
        <span className="form-label">{t(COPY.current)}</span>
        <span className="profile-current-value">{user.email}</span>
      </p>
      {email === null ? <SendStep answer={answer} /> : <CodeStep email={email} answer={answer} />}
      <ul className="form-links">
        <li><Link to={href('profile')}>{t(COPY.back)}</Link></li>
      </ul>
    </AccountCard>
  );
}

/** The page's language goes with each request, so the mail is written in it. */
function LangInput() {
  const { english } = useLang();
  return <input type="hidden" name="langType" value={english ? 'en' : 'ja'} />;
}

function SendStep({ answer }: { answer: FormFailure | undefined }) {
  return (
    <ValidatedForm failure={answer} rules={{ schema: SendMailInput, toInput: toSendInput }} intent="send">
      <LangInput />
      <Field name="email" type="email" label={COPY.email} autoComplete="email" inputMode="email" maxLength={200} required />
      <SubmitButton label={COPY.send} />
    </ValidatedForm>
  );
}

function CodeStep({ email, answer }: { email: string; answer: FormFailure | undefined }) {
  const t = useT();
  // A fresh code step starts clean; a refused code shows its message. The code field takes the
  // focus, since the button that was pressed is gone.
  const failure = answer?.values?.intent === 'change' ? answer : undefined;
  return (
    <>
      <FormNotice text={sentNotice(email)} />
      <ValidatedForm failure={failure} rules={{ schema: EmailChangeInput, toInput: toChangeInput }} intent="change">
        <input type="hidden" name="email" value={email} />
        <Field name="code" label={COPY.code} hint={COPY.codeHint} inputMode="numeric" autoComplete="one-time-code"
          maxLength={6} required autoFocus />
        <SubmitButton label={COPY.change} />
      </ValidatedForm>
      <ValidatedForm failure={undefined} intent="send" className="profile-resend">
        <LangInput />
        <input type="hidden" name="email" value={email} />
        <SubmitButton label={COPY.resend} variant="ghost" />
      </ValidatedForm>
      <p className="form-links"><Link to={href('profileEmail')}>{t(COPY.restart)}</Link></p>
    </>
  );
}
