import type { ShopperRoundView } from '../shopper-round.ts';
import {
  NETWORK_ERROR_STATUS,
  NETWORK_ERROR_TEXT,
  RequiredParameterError,
  type ApiErrorBody,
} from './errors.ts';
import type { UserOverview } from './overview.ts';
import type { DownloadLink, UserVault } from './vault.ts';
import type * as T from './types.ts';

/**
 * The typed client for every call of docs/spec.md §7. It never throws on a status (docs/spec.md §7/§8): a
 * result is `ok` with data, or not with the API's error body. A network failure is status 999.
 */
export type ApiResult<D> =
  | { ok: true; status: number; data: D }
  | { ok: false; status: number; error: ApiErrorBody };

export interface ApiClientOptions {
  /** '' in the browser (same-origin /api through the proxy); the API origin on the server. */
  baseUrl: string;
  /** Extra headers on every call: the server forwards the shopper's cookie and request id. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface CallOptions {
  query?: Query;
  body?: unknown;
  /** Bytes sent as they are (application/octet-stream): the console's image upload. */
  raw?: Blob;
  headers?: Record<string, string>;
}

function required<V>(name: string, value: V): NonNullable<V> {
  if (value === null || value === undefined) throw new RequiredParameterError(name);
  return value as NonNullable<V>;
}

function seg(name: string, value: string | number | null | undefined): string {
  return encodeURIComponent(String(required(name, value)));
}

function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function networkError(): ApiErrorBody {
  return { code: 'NETWORK', message: NETWORK_ERROR_TEXT, messageEn: NETWORK_ERROR_TEXT };
}

async function readError(response: Response): Promise<ApiErrorBody> {
  const fallback: ApiErrorBody = {
    code: response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
    message: response.statusText || `HTTP ${response.status}`,
    messageEn: response.statusText || `HTTP ${response.status}`,
  };
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> | null;
    return body && typeof body.code === 'string' ? { ...fallback, ...body } : fallback;
  } catch {
    return fallback;
  }
}

const BAD_RESPONSE: ApiErrorBody = {
  code: 'BAD_RESPONSE',
  message: 'サーバーから正しくない応答がありました。時間をおいて再度お試しください。',
  messageEn: 'The server sent an invalid response. Please try again later.',
};

/**
 * A success body is JSON or empty. Anything else (an HTML page from a misrouted proxy, a body cut
 * off mid-stream) is a failure like a 502, never a thrown SyntaxError (docs/spec.md §7: calls never throw).
 */
async function readData<D>(response: Response): Promise<ApiResult<D>> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, status: NETWORK_ERROR_STATUS, error: networkError() };
  }
  try {
    return { ok: true, status: response.status, data: (text ? JSON.parse(text) : null) as D };
  } catch {
    return { ok: false, status: 502, error: BAD_RESPONSE };
  }
}

/**
 * One call of the API: never throws, a status ≥ 400 is the API's error body. Shared by the shop's
 * client below and the console's staff client (client/admin/data/staff-api.ts).
 */
export function createApiCaller(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch;

  async function call<D>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<D>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.raw !== undefined) headers['content-type'] = 'application/octet-stream';
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}${toQueryString(opts.query)}`, {
        method,
        headers,
        body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        credentials: 'include',
        signal: options.signal,
      });
    } catch {
      return { ok: false, status: NETWORK_ERROR_STATUS, error: networkError() };
    }
    if (response.status >= 400) return { ok: false, status: response.status, error: await readError(response) };
    return readData<D>(response);
  }
  return call;
}

/** Every method is async, so a missing required parameter rejects the promise like any failure. */
export function createApiClient(options: ApiClientOptions) {
  const call = createApiCaller(options);

  const body = <B>(name: string, value: B) => ({ body: required(name, value) });

  return {
    artistsByTag: async (tag: string, query: { isClose?: boolean } = {}) =>
      call<T.Artist[]>('GET', `/api/artist/tag/${seg('tag', tag)}`, { query }),
    artists: async (query: { isClose?: boolean; limit?: number; sort?: 'sort' | 'new' } = {}) =>
      call<T.Artist[]>('GET', '/api/artist', { query }),
    artist: async (slug: string, query: { state?: 'open' | 'all' } = {}) =>
      call<T.ArtistDetail>('GET', `/api/artist/${seg('slug', slug)}`, { query }),
    categoryArtists: async (query: { artistType?: string; sortId?: number } = {}) =>
      call<T.CategoryArtists>('GET', '/api/artist/categoryArtist', { query }),
    banners: async () => call<T.Banner[]>('GET', '/api/banner'),
    /** The hosted card page's URL; the provider returns to `retUrl` (a path of this site). */
    credit: async (query: { retUrl?: string } = {}) => call<T.RedirectTarget>('GET', '/api/credit', { query }),
    /** The provider's page where the shopper authenticates a held charge (3-D Secure), or my page when already paid. */
    chargeAuthentication: async (input: { historyId: number }) =>
      call<T.RedirectTarget>('POST', '/api/charge-authentication', body('input', input)),
    /** The konbini voucher or PayPay page of a round the fan pays herself (issue 34). */
    shopperRounds: async () => call<ShopperRoundView[]>('GET', '/api/shopperRound'),
    payShopperRound: async (requestId: number) =>
      call<T.RedirectTarget>('POST', `/api/shopperRound/${required('requestId', requestId)}/pay`, body('input', {})),
    creditConfirm: async (query: { userId: number; retUrl?: string }) =>
      call<T.CreditInfo>('GET', '/api/credit-confirm', {
        query: { ...query, userId: required('userId', query?.userId) },
      }),
    creditInfo: async (userId: number) =>
      call<T.CreditInfo>('GET', '/api/credit-info', { query: { userId: required('userId', userId) } }),
    emailLogin: async (emailPass: T.EmailPass) =>
      call<T.LoginStatus>('POST', '/api/login/emailLogin', body('emailPass', emailPass)),
    loginStatus: async () => call<T.LoginStatus>('GET', '/api/login/loginStatus'),
    logout: async () => call<T.Ok>('DELETE', '/api/login/logout'),
    checkCode: async (mailCode: T.MailCode) => call<T.Ok>('POST', '/api/mail/checkCode', body('body', mailCode)),
    sendMail: async (mail: T.MailSend, langType?: 'ja' | 'en') =>
      call<T.Ok>('POST', '/api/mail/sendMail', { ...body('body', mail), query: { langType } }),
    newsList: async () => call<T.News[]>('GET', '/api/news'),
    news: async (newsId: number | string, query: { user?: number } = {}) =>
      call<T.News>('GET', `/api/news/${seg('newsId', newsId)}`, { query }),
    plan: async (planId: number | string) => call<T.PlanDetail>('GET', `/api/plan/${seg('planId', planId)}`),
    planOrder: async (planOrderId: number | string) =>
      call<T.OrderDetail>('GET', `/api/plan/order/${seg('planOrderId', planOrderId)}`),
    planOrderHistories: async () => call<T.PlanOrderHistory[]>('GET', '/api/planOrderHistory'),
    planOrderHistory: async (planOrderId: number | string) =>
      call<T.PlanOrderHistory>('GET', `/api/planOrderHistory/${seg('planOrderId', planOrderId)}`),
    /** The receipt as last issued (404 RECEIPT_NOT_ISSUED before the first issue). */
    receipt: async (planOrderId: number | string) =>
      call<T.Receipt>('GET', `/api/planOrderHistory/${seg('planOrderId', planOrderId)}/receipt`),
    /** Issues the receipt (first issue, or a reissue marked 再発行) to the addressee. */
    issueReceipt: async (planOrderId: number | string, input: T.ReceiptInput) =>
      call<T.Receipt>('POST', `/api/planOrderHistory/${seg('planOrderId', planOrderId)}/receipt`, body('body', input)),
    /** The same-site path a return destination leads to (`/` for a foreign one). */
    redirect: async (redirect: T.RedirectTarget) => call<T.RedirectTarget>('POST', '/api/redirect', body('redirect', redirect)),
    setPaymentMethod: async (choice: T.PaymentMethodChoice) =>
      call<T.PaymentMethodChoice>('PUT', '/api/paymentMethod', body('choice', choice)),
    paymentMethodHistory: async () => call<T.PaymentMethodHistory[]>('GET', '/api/paymentMethodHistory'),
    user: async () => call<T.CurrentUser>('GET', '/api/user'),
    /** The fan's 特典 (issue 33): opened boxes with their items, boxes on their way unnamed, milestones. */
    vault: async () => call<UserVault>('GET', '/api/vault'),
    /** A five-minute download link to one of the fan's files. */
    vaultLink: async (itemId: number | string) => call<DownloadLink>('POST', `/api/vault/items/${seg('itemId', itemId)}/link`, { body: {} }),
    /** My page's summary: the next box and charge of each subscription, and what needs action. */
    userOverview: async () => call<UserOverview>('GET', '/api/user/overview'),
    createUser: async (inputUser: T.InputUser) => call<T.LoginStatus>('POST', '/api/user', body('inputUser', inputUser)),
    updateUser: async (inputUser: T.InputUser) => call<T.CurrentUser>('PUT', '/api/user', body('inputUser', inputUser)),
    updateLoginPass: async (emailPass: T.EmailPass | T.PasswordChange) =>
      call<T.Ok>('PUT', '/api/user/loginPass', body('emailPass', emailPass)),
    deleteUser: async () => call<T.Ok>('DELETE', '/api/user'),
    /** The language of the fan's mails, and its change (profile). */
    mailLang: async () => call<T.MailLang>('GET', '/api/user/mailLang'),
    setMailLang: async (mailLang: T.MailLang) => call<T.MailLang>('PUT', '/api/user/mailLang', body('mailLang', mailLang)),
    zip: async (zip: string) => call<T.ZipAddress>('GET', `/api/zip/${seg('zip', zip)}`),
    userPlans: async () => call<T.UserPlanWithTiers[]>('GET', '/api/userPlan'),
    userPlanCount: async (planId: number | string) =>
      call<{ count: number; joinsParcel?: boolean }>('GET', `/api/userPlan/count/${seg('planId', planId)}`),
    /** `idempotencyKey` goes in the `Idempotency-Key` header: a retry or a second tab charges once. */
    /** 201 with the subscription, or 202 with the bank's 3-D Secure page to send the shopper to. */
    createUserPlan: async (userPlan: T.UserPlanInput, idempotencyKey?: string) =>
      call<T.UserPlanCreated | T.CheckoutAuthentication>('POST', '/api/userPlan', {
        ...body('userPlan', userPlan),
        headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
      }),
    /** The first round's payment of a konbini or PayPay checkout (the voucher page, issue 34). */
    checkoutPayment: async (userPlanId: number | string) =>
      call<T.CheckoutPayment>('GET', `/api/userPlan/${seg('userPlanId', userPlanId)}/checkoutPayment`),
    /** What a tier or count change would charge and refund, before it is made (its confirmation page). */
    previewUserPlanChange: async (input: { currentPlanId: number; planId: number; count: number }) =>
      call<T.PlanChangePreview>('GET', `/api/userPlan/change/preview?${new URLSearchParams({ currentPlanId: String(input.currentPlanId), planId: String(input.planId), count: String(input.count) })}`),
    updateUserPlan: async (inputUserPlan: T.InputUserPlan) =>
      call<T.UserPlanChange>('PUT', '/api/userPlan', body('inputUserPlan', inputUserPlan)),
    /** The fan's answer to the cancel page's question goes along when given (issue 32). */
    deleteUserPlan: async (planId: number | string, survey: T.CancelSurvey = {}) =>
      call<T.UserPlanChange>('DELETE', `/api/userPlan/${seg('planId', planId)}`, Object.keys(survey).length > 0 ? { body: survey } : {}),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
