import { Link, useActionData, useLoaderData, useRouteLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { TenureList } from '../../components/tenure-list.tsx';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formWholeNumber } from '../../../shared/digits.ts';
import type { ApiResult } from '../../../shared/api/client.ts';
import { CancelInput, MAIL_REF, PlanActionInput, RefundInput, ResendInput, ShipToInput, SupportNoteInput } from '../../../shared/customer-rules.ts';
import { can, type StaffMember } from '../../../shared/staff-roles.ts';
import { apiFailure, checkInput, formFailure, readForm, seeOther, type FormFailure, type FormValues } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { CUSTOMER_COPY as C, DONE_TEXT } from '../customer/customer-copy.ts';
import { ConfirmPanel, type Confirm } from '../customer/customer-confirm.tsx';
import { ChargesTable, MailsList, NotesSection, ProfileSection, SubscriptionsTable } from '../customer/customer-sections.tsx';
import { mustStaff } from '../data/console-load.ts';
import { REFUND_KINDS } from '../customer/refund-links.tsx';
import { staffApiFrom, type StaffApi } from '../data/staff-api.ts';

const IdParam = z.string().check(z.regex(/^[1-9]\d{0,9}$/));
const ConfirmParam = z.string().check(z.regex(/^(refund|address|resend|cancel|skip|pause|resume)-[1-9]\d{0,9}$/));
const MailParam = z.string().check(z.regex(MAIL_REF));
const Intent = z.enum(['refund', 'address', 'resend', 'cancel', 'plan', 'note']);

/** An unguessable key per rendered refund form: a resubmit of the same form refunds once. */
function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rf-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function customerIdOf(params: LoaderFunctionArgs['params']): number {
  const parsed = IdParam.safeParse(params.id);
  if (!parsed.success) throw new Response('Not Found', { status: 404 });
  return Number(parsed.data);
}

function confirmOf(url: URL): Confirm | null {
  const parsed = ConfirmParam.safeParse(url.searchParams.get('confirm') ?? '');
  if (!parsed.success) return null;
  const [kind, id] = parsed.data.split('-');
  if (kind !== 'refund') return { kind: kind as Confirm['kind'], id: Number(id), key: '' };
  const refund = REFUND_KINDS.find((k) => k === url.searchParams.get('refund')) ?? 'full';
  return { kind, id: Number(id), key: newActionKey(), refund };
}

/**
 * A customer's page (issue 19); `?confirm=refund-12` shows the confirm step of one action,
 * `?mail=b-charged:12` one sent mail's text (issue 32).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = customerIdOf(params);
  const url = new URL(request.url);
  const api = staffApiFrom(context);
  const detail = mustStaff(await api.customer(id));
  const done = url.searchParams.get('done') ?? '';
  const ref = MailParam.safeParse(url.searchParams.get('mail') ?? '');
  // A ref that is not this customer's, or a mail whose text was not kept: the page without it.
  const mail = ref.success ? await api.customerMail(id, ref.data) : null;
  return { detail, confirm: confirmOf(url), done: Object.hasOwn(DONE_TEXT, done) ? done : null, mail: mail?.ok ? mail.data : null };
}

type Failure = FormFailure & { intent?: string };

const page = (id: number, done: string) => `${adminHref('customer', { id: String(id) })}?done=${done}`;

/** One action per intent, each checked with the API's own rules (shared/customer-rules.ts) first. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = customerIdOf(params);
  const values = await readForm(request);
  const intent = Intent.safeParse(values.intent);
  if (!intent.success) return formFailure({ error: { ja: '操作を選んでください。', en: 'Choose an action.' } }, values);
  const form: Submitted = { id, values, extra: { intent: intent.data }, api: staffApiFrom(context) };
  if (intent.data === 'refund') return refundAction(form);
  if (intent.data === 'note') return noteAction(form);
  if (intent.data === 'address') return addressAction(form);
  if (intent.data === 'resend') return resendAction(form);
  if (intent.data === 'cancel') return cancelAction(form);
  return planAction(form);
}

interface Submitted { id: number; values: FormValues; extra: { intent: string }; api: StaffApi }

function finish(form: Submitted, result: ApiResult<unknown>, done: string) {
  return result.ok ? seeOther(page(form.id, done)) : apiFailure(result, form.values, form.extra);
}

async function refundAction(form: Submitted) {
  const { values } = form;
  const input = {
    historyId: values.historyId ?? '', reason: values.reason ?? '', idempotencyKey: values.idempotencyKey ?? '',
    ...(values.amount === undefined ? {} : { amount: formWholeNumber(values.amount) }), ...(values.box === undefined ? {} : { box: values.box }),
  };
  const invalid = checkInput(RefundInput, input, values, form.extra);
  if (invalid) return invalid;
  const parsed = RefundInput.parse(input);
  const result = await form.api.refund(form.id, parsed);
  return finish(form, result, result.ok && result.data.refundStatus === 'failed' ? 'refundFailed' : 'refund');
}

async function noteAction(form: Submitted) {
  const input = { body: form.values.body ?? '' };
  const invalid = checkInput(SupportNoteInput, input, form.values, form.extra);
  return invalid ?? finish(form, await form.api.addNote(form.id, input), 'note');
}

async function addressAction(form: Submitted) {
  const v = form.values;
  const input = { historyId: v.historyId ?? '', name: v.name ?? '', zip: v.zip ?? '', address: v.address ?? '', address2: v.address2 ?? '', tel: v.tel ?? '' };
  const invalid = checkInput(ShipToInput, input, v, form.extra);
  return invalid ?? finish(form, await form.api.correctShipTo(form.id, { ...input, historyId: Number(input.historyId) }), 'address');
}

async function resendAction(form: Submitted) {
  const input = { historyId: form.values.historyId ?? '' };
  const invalid = checkInput(ResendInput, input, form.values, form.extra);
  return invalid ?? finish(form, await form.api.resendMail(form.id, { historyId: Number(input.historyId) }), 'resend');
}

async function cancelAction(form: Submitted) {
  const { values } = form;
  const input = { planId: values.planId ?? '', reason: values.reason ?? '', note: values.note ?? '' };
  const invalid = checkInput(CancelInput, input, values, form.extra);
  return invalid ?? finish(form, await form.api.cancelPlan(form.id, { ...input, planId: Number(input.planId) }), 'cancel');
}

async function planAction(form: Submitted) {
  const input = { planId: form.values.planId ?? '', action: form.values.action ?? '' };
  const invalid = checkInput(PlanActionInput, input, form.values, form.extra);
  return invalid ?? finish(form, await form.api.actOnPlan(form.id, { ...input, planId: Number(input.planId) }), input.action);
}

export function Component() {
  const { detail, confirm, done, mail } = useLoaderData<typeof loader>();
  const failure = useActionData<Failure>();
  const staff = (useRouteLoaderData('console') as { staff: StaffMember } | undefined)?.staff;
  const t = useT();
  const mayAct = staff ? can(staff.role, 'customers.act') : false;
  const mayRefund = staff ? can(staff.role, 'refunds') : false;
  const title = detail.profile.name || detail.profile.email;
  return (
    <main>
      <title>{`${title} | OshiBox`}</title>
      <p><Link to={adminHref('customers')}>{t(C.back)}</Link></p>
      <h1>{title}</h1>
      {done ? <p role="status" className="console-done">{t(DONE_TEXT[done] ?? C.done)}</p> : null}
      {confirm ? <ConfirmPanel confirm={confirm} detail={detail} failure={failure} /> : null}
      <ProfileSection detail={detail} />
      <SubscriptionsTable detail={detail} mayAct={mayAct} />
      <TenureList tenure={detail.tenure} id="customer-tenure" staff />
      <ChargesTable detail={detail} mayRefund={mayRefund} mayAct={mayAct} />
      <MailsList detail={detail} open={mail} />
      <NotesSection detail={detail} mayAct={mayAct} failure={failure?.intent === 'note' ? failure : undefined} />
    </main>
  );
}
