import { data, redirect, redirectDocument, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import type { UserOverview } from '../../shared/api/overview.ts';
import type { CurrentUser, MailLang } from '../../shared/api/types.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { isProviderRedirect } from '../../shared/charge-authentication.ts';
import type { Text } from '../../shared/text.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { DeleteAccountConfirm, DeleteAccountEntry } from '../components/profile/delete-account.tsx';
import { AuthNotice, ShopperPayNotice } from '../components/profile/auth-notice.tsx';
import { FlashNotice, withNotice } from '../components/profile/flash-notice.tsx';
import { MailLangForm } from '../components/profile/mail-lang-form.tsx';
import { MyOverview } from '../components/profile/my-overview.tsx';
import { ProfileSummary } from '../components/profile/profile-summary.tsx';
import { apiFrom, orElse } from '../data/api.ts';
import { loadCurrentUser } from '../data/current-user.ts';
import { seeOther } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

/** Where the password re-check returns to: the deletion confirmation itself. */
const DELETE_STEP_PATH = `${href('profile')}?step=delete`;

interface ProfileData {
  user: CurrentUser;
  /** The language of the fan's mails (Japanese when it could not be read). */
  mailLang: MailLang['lang'];
  confirmDelete: boolean;
  /** Null when the overview could not be loaded: the profile itself still shows. */
  overview: UserOverview | null;
}

type ProfileActionData = { step: 'confirmDelete'; error: Text | null } | { step: 'authenticate'; error: Text } | { step: 'mailLang'; error: Text };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<ProfileData> {
  // Both at once: the overview is one API call (GET /api/user/overview), not one per subscription.
  const api = apiFrom(context);
  const [user, overview, mailLang] = await Promise.all([loadCurrentUser(request, context), api.userOverview(), api.mailLang()]);
  const wantsDelete = new URL(request.url).searchParams.get('step') === 'delete';
  // Deleting needs a recent proof of identity (securitySafe, docs/spec.md §6): ask for it first.
  if (wantsDelete && !user.securitySafe) throw redirect(loginHref(DELETE_STEP_PATH));
  return { user, confirmDelete: wantsDelete, overview: orElse(overview, null), mailLang: orElse<MailLang>(mailLang, { lang: 'ja' }).lang };
}

const IntentSchema = z.object({ intent: z.enum(['deleteStart', 'delete', 'authenticate', 'payRound', 'mailLang']) });
const MailLangSchema = z.enum(['ja', 'en']);

/** 「メールの言語を保存する」: the API keeps it; the page comes back with a notice. */
async function saveMailLang(form: FormData, context: ActionFunctionArgs['context']) {
  const lang = MailLangSchema.safeParse(form.get('lang'));
  if (!lang.success) throw data(null, { status: 400 });
  const result = await apiFrom(context).setMailLang({ lang: lang.data });
  if (result.status === 401) return seeOther(loginHref(href('profile')));
  if (!result.ok) return data({ step: 'mailLang', error: { ja: result.error.message, en: result.error.messageEn } } satisfies ProfileActionData, { status: result.status >= 500 ? 503 : 400 });
  return seeOther(withNotice(href('profile'), 'mailLang'));
}
const HistoryIdSchema = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
const NOT_A_PROVIDER_PAGE: Text = {
  ja: '決済サービスの認証ページを開けませんでした。時間をおいて再度お試しください。',
  en: 'The payment service\'s authentication page could not be opened. Please try again later.',
};

/**
 * 「本人認証に進む」: the API names the provider's page (never the form), and the browser is sent
 * there only when it is the provider's (shared/charge-authentication.ts `isProviderRedirect`).
 */
async function authenticate(form: FormData, context: ActionFunctionArgs['context']) {
  const historyId = HistoryIdSchema.safeParse(form.get('historyId'));
  if (!historyId.success) throw data(null, { status: 400 });
  const result = await apiFrom(context).chargeAuthentication({ historyId: historyId.data });
  if (result.ok && isProviderRedirect(result.data.url)) return redirectDocument(result.data.url, 303);
  if (result.ok) return data({ step: 'authenticate', error: NOT_A_PROVIDER_PAGE } satisfies ProfileActionData, { status: 502 });
  if (result.status === 401) return seeOther(loginHref(href('profile')));
  const error: Text = { ja: result.error.message, en: result.error.messageEn };
  return data({ step: 'authenticate', error } satisfies ProfileActionData, { status: result.status === 409 ? 409 : result.status >= 500 ? 503 : 400 });
}

/**
 * 「お支払いへ進む」 of a round the fan pays herself (issue 34): the API makes (or finds) the payment
 * and names its page, the sandbox's or the provider's, and the browser goes there.
 */
async function payRound(form: FormData, context: ActionFunctionArgs['context']) {
  const requestId = HistoryIdSchema.safeParse(form.get('requestId'));
  if (!requestId.success) throw data(null, { status: 400 });
  const result = await apiFrom(context).payShopperRound(requestId.data);
  if (result.ok && isProviderRedirect(result.data.url)) return redirectDocument(result.data.url, 303);
  if (result.ok) return data({ step: 'authenticate', error: NOT_A_PROVIDER_PAGE } satisfies ProfileActionData, { status: 502 });
  if (result.status === 401) return seeOther(loginHref(href('profile')));
  const error: Text = { ja: result.error.message, en: result.error.messageEn };
  return data({ step: 'authenticate', error } satisfies ProfileActionData, { status: result.status === 409 || result.status === 404 ? result.status : result.status >= 500 ? 503 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = IntentSchema.safeParse({ intent: form.get('intent') });
  if (!parsed.success) throw data(null, { status: 400 });
  if (parsed.data.intent === 'authenticate') return authenticate(form, context);
  if (parsed.data.intent === 'payRound') return payRound(form, context);
  if (parsed.data.intent === 'mailLang') return saveMailLang(form, context);
  if (parsed.data.intent === 'deleteStart') {
    const user = await loadCurrentUser(request, context);
    if (!user.securitySafe) return seeOther(loginHref(DELETE_STEP_PATH));
    return { step: 'confirmDelete', error: null } satisfies ProfileActionData;
  }
  const result = await apiFrom(context).deleteUser();
  if (result.ok) return seeOther(withNotice(href('home'), 'accountDeleted'));
  // The proof of identity ran out between the confirmation and the click, or the session ended.
  if (result.error.code === 'REAUTH_REQUIRED' || result.status === 401) return seeOther(loginHref(DELETE_STEP_PATH));
  const error: Text = { ja: result.error.message, en: result.error.messageEn };
  return data({ step: 'confirmDelete', error } satisfies ProfileActionData, { status: result.status === 999 ? 503 : result.status });
}

/** docs/spec.md §2 "/mypage/profile": the registered details with links to change them, and account deletion. */
export function Component() {
  const { user, confirmDelete, overview, mailLang } = useLoaderData() as ProfileData;
  const actionData = useActionData() as ProfileActionData | undefined;
  const t = useT();
  const title = t({ ja: '会員情報', en: 'Your profile' });
  const description = t({ ja: '登録情報の確認と変更', en: 'View and change your registered details' });
  if (confirmDelete || actionData?.step === 'confirmDelete') {
    return (
      <div className="page profile-page">
        <PageMeta title={t({ ja: '退会の確認', en: 'Confirm account deletion' })} description={description} />
        <meta name="robots" content="noindex" />
        <DeleteAccountConfirm error={actionData?.error} />
      </div>
    );
  }
  return (
    <div className="page profile-page">
      <PageMeta title={title} description={description} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{title}</h1>
      <FlashNotice />
      <AuthNotice />
      <ShopperPayNotice />
      <MyOverview overview={overview} actionError={actionData?.step === 'authenticate' ? actionData.error : null} />
      <h2 className="profile-section-title">{t({ ja: '登録情報', en: 'Your registered details' })}</h2>
      <ProfileSummary user={user} />
      <MailLangForm lang={mailLang} error={actionData?.step === 'mailLang' ? actionData.error : null} />
      <DeleteAccountEntry />
    </div>
  );
}
