import type { RefundBox } from '../../../shared/refund-rules.ts';
import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';
import type { BillingChargeList, BillingRoundList, ChargeActionResult } from '../../../shared/api/billing.ts';
import type { CustomerDetail, CustomerNote, CustomerSearchPage, RefundAnswer, CustomerMailBody } from '../../../shared/api/customers.ts';
import type { BillingState, StaffDashboard } from '../../../shared/api/dashboard.ts';
import type { ChargeActionInput } from '../../../shared/billing-console-rules.ts';
import type { RefundTransferPage, TransferDone } from '../../../shared/refund-transfer-rules.ts';
import type { RoundDetail, RoundList, StagedImport } from '../../../shared/api/rounds.ts';
import type { ReportMonth } from '../../../shared/report-columns.ts';
import type { ArtistDetail, UserPlanChange } from '../../../shared/api/types.ts';
import type {
  AdminArtist, AdminArtistPage, AdminBanner, AdminNews, AdminPage, AdminPlan, AdminRoundDetail, ImageKind, PriceChanged, PricePreview, PublishAnswer, UploadedImage,
} from '../../../shared/api/catalogue-admin.ts';
import type { StaffInvite, StaffListEntry, StaffMember, StaffRole } from '../../../shared/staff-roles.ts';
import type { StaffLoginInput, StaffSetupInput } from '../../../shared/staff-rules.ts';
import type * as z from 'zod/mini';
import type { AuditEntryView } from '../../../shared/api/audit.ts';
import type { OrderPage, OrderResendResult } from '../../../shared/api/orders.ts';
import type { MediaPage } from '../../../shared/api/media-library.ts';
import type { StaffBonus, StaffBonusList } from '../../../shared/api/vault.ts';

export interface StaffSetup {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  qrSvg: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  next: number | null;
}

type SetupInput = z.input<typeof StaffSetupInput>;
type LoginInput = z.input<typeof StaffLoginInput>;
type ChargeAction = z.input<typeof ChargeActionInput>;

/** Where the console's upload form posts a shipped or delivered file (multipart, JavaScript or not). */
export const SHIPMENT_IMPORTS_PATH = '/api/staff/shipment-imports';
const shipmentImportPath = (id: string) => `${SHIPMENT_IMPORTS_PATH}/${encodeURIComponent(id)}`;

/** A round's shipping list, downloaded through the console's /api proxy with the staff cookie. */
/** Where the round page's export form goes (a GET through the console's /api proxy: the browser downloads with the staff cookie). */
export const ROUND_EXPORT_PATH = '/api/staff/rounds/export';

/** The order list's bulk CSV: a GET of the selected `ids` through the console's proxy (issue 32). */
export const ORDERS_EXPORT_PATH = '/api/staff/orders/export.csv';

/** The accounting report as CSV (UTF-8 with a BOM), a plain download through the console's proxy. */
export const REPORT_CSV_PATH = '/api/staff/reports/sales.csv';

/** The console's calls of the staff API (`/api/staff/…`); like the shop's client, never throws. */
export function createStaffApi(options: ApiClientOptions) {
  const call = createApiCaller(options);
  const setupPath = (token: string) => `/api/staff/setup/${encodeURIComponent(token)}`;
  const customerPath = (id: number) => `/api/staff/customers/${id}`;
  return {
    setup: async (token: string) => call<StaffSetup>('GET', setupPath(token)),
    completeSetup: async (token: string, input: SetupInput) => call<{ recoveryCodes: string[] }>('POST', setupPath(token), { body: input }),
    login: async (input: LoginInput) => call<{ staff: StaffMember }>('POST', '/api/staff/login', { body: input }),
    logout: async () => call<null>('POST', '/api/staff/logout'),
    me: async () => call<{ staff: StaffMember }>('GET', '/api/staff/me'),
    dashboard: async () => call<StaffDashboard>('GET', '/api/staff/dashboard'),
    reports: async () => call<{ months: ReportMonth[] }>('GET', '/api/staff/reports'),
    rounds: async (query: Record<string, string>) => call<RoundList>('GET', '/api/staff/rounds', { query }),
    round: async (id: string, page: number) => call<RoundDetail>('GET', `/api/staff/rounds/${encodeURIComponent(id)}?page=${page}`),
    billing: async (page: number) => call<BillingRoundList>('GET', `/api/staff/billing?page=${page}`),
    billingRound: async (id: string, state: BillingState, page: number) =>
      call<BillingChargeList>('GET', `/api/staff/billing/${encodeURIComponent(id)}?state=${state}&page=${page}`),
    chargeAction: async (input: ChargeAction) => call<ChargeActionResult>('POST', '/api/staff/billing/charges', { body: input }),
    refundTransfers: async (page: number) => call<RefundTransferPage>('GET', `/api/staff/refund-transfers?page=${page}`),
    markTransferred: async (body: { transfer: string }) => call<TransferDone>('POST', '/api/staff/refund-transfers/done', { body }),
    shipmentImport: async (id: string) => call<{ import: StagedImport }>('GET', shipmentImportPath(id)),
    confirmShipmentImport: async (id: string) =>
      call<{ import: StagedImport; alreadyConfirmed: boolean }>('POST', `${shipmentImportPath(id)}/confirm`, { body: {} }),
    orders: async (query: Record<string, string>) => call<OrderPage>('GET', '/api/staff/orders', { query }),
    resendOrders: async (body: { ids: number[] }) => call<OrderResendResult>('POST', '/api/staff/orders/resend', { body }),
    searchCustomers: async (q: string, page: number) => call<CustomerSearchPage>('GET', '/api/staff/customers', { query: { q, page } }),
    customer: async (id: number) => call<CustomerDetail>('GET', customerPath(id)),
    customerMail: async (id: number, ref: string) => call<CustomerMailBody>('GET', `${customerPath(id)}/mails/${encodeURIComponent(ref)}`),
    refund: async (id: number, body: { historyId: number; reason: string; idempotencyKey: string; amount?: number; box?: RefundBox }) =>
      call<RefundAnswer>('POST', `${customerPath(id)}/refund`, { body }),
    actOnPlan: async (id: number, body: { planId: number; action: string }) => call<UserPlanChange>('POST', `${customerPath(id)}/plan`, { body }),
    cancelPlan: async (id: number, body: { planId: number; reason: string; note: string }) =>
      call<UserPlanChange>('POST', `${customerPath(id)}/cancel`, { body }),
    correctShipTo: async (id: number, body: { historyId: number; name: string; zip: string; address: string; address2: string; tel: string }) =>
      call<null>('POST', `${customerPath(id)}/ship-to`, { body }),
    resendMail: async (id: number, body: { historyId: number }) => call<null>('POST', `${customerPath(id)}/resend`, { body }),
    addNote: async (id: number, body: { body: string }) => call<{ note: CustomerNote }>('POST', `${customerPath(id)}/notes`, { body }),
    members: async () => call<{ members: StaffListEntry[] }>('GET', '/api/staff/members'),
    addMember: async (input: { email: string; role: StaffRole }) => call<StaffInvite>('POST', '/api/staff/members', { body: input }),
    changeMember: async (id: number, change: { role?: StaffRole; disabled?: boolean }) => call<{ member: StaffListEntry }>('PATCH', `/api/staff/members/${id}`, { body: change }),
    resetSecondFactor: async (id: number) => call<StaffInvite>('POST', `/api/staff/members/${id}/reset-second-factor`, { body: {} }),
    audit: async (query: Record<string, string>) => call<AuditPage>('GET', '/api/staff/audit', { query }),
    ...catalogueCalls(call),
  };
}

/** The catalogue area's calls (issue 19): artists, plans, a price change with its preview, pictures. */
function catalogueCalls(call: ReturnType<typeof createApiCaller>) {
  const base = '/api/staff/catalogue';
  const id = (value: string | number) => encodeURIComponent(String(value));
  return {
    catalogueArtists: async (page: number, archived: boolean) => call<AdminArtistPage>('GET', `${base}/artists`, { query: { page, archived: archived ? 1 : 0 } }),
    publishStep: async (kinds: string, itemId: string, body: { intent: string; publishAt?: string }) =>
      call<PublishAnswer>('POST', `${base}/${kinds}/${id(itemId)}/state`, { body }),
    deleteItem: async (kinds: string, itemId: string) => call<null>('DELETE', `${base}/${kinds}/${id(itemId)}`),
    previewArtist: async (artistId: string) => call<ArtistDetail>('GET', `${base}/artists/${id(artistId)}/preview`),
    catalogueArtist: async (artistId: string) => call<{ artist: AdminArtist; plans: AdminPlan[] }>('GET', `${base}/artists/${id(artistId)}`),
    createArtist: async (body: unknown) => call<{ artist: AdminArtist }>('POST', `${base}/artists`, { body }),
    saveArtist: async (artistId: string, body: unknown) => call<{ artist: AdminArtist }>('PUT', `${base}/artists/${id(artistId)}`, { body }),
    createPlan: async (artistId: string, body: unknown) => call<{ plan: AdminPlan }>('POST', `${base}/artists/${id(artistId)}/plans`, { body }),
    cataloguePlan: async (planId: string) => call<{ plan: AdminPlan }>('GET', `${base}/plans/${id(planId)}`),
    savePlan: async (planId: string, body: unknown) => call<{ plan: AdminPlan }>('PUT', `${base}/plans/${id(planId)}`, { body }),
    previewPrice: async (planId: string, preTaxPrice: number) => call<PricePreview>('GET', `${base}/plans/${id(planId)}/price`, { query: { preTaxPrice } }),
    changePrice: async (planId: string, body: { preTaxPrice: number; fromRoundId: number }) => call<PriceChanged>('POST', `${base}/plans/${id(planId)}/price`, { body }),
    createRound: async (planId: string, body: unknown) => call<{ round: AdminRoundDetail }>('POST', `${base}/plans/${id(planId)}/rounds`, { body }),
    catalogueRound: async (roundId: string) => call<{ round: AdminRoundDetail }>('GET', `${base}/rounds/${id(roundId)}`),
    saveRound: async (roundId: string, body: unknown) => call<{ round: AdminRoundDetail }>('PUT', `${base}/rounds/${id(roundId)}`, { body }),
    saveGoods: async (roundId: string, body: unknown) => call<{ round: AdminRoundDetail }>('PUT', `${base}/rounds/${id(roundId)}/goods`, { body }),
    catalogueNews: async (page: number) => call<AdminPage<AdminNews>>('GET', `${base}/news`, { query: { page } }),
    newsItem: async (newsId: string) => call<{ news: AdminNews }>('GET', `${base}/news/${id(newsId)}`),
    createNews: async (body: unknown) => call<{ news: AdminNews }>('POST', `${base}/news`, { body }),
    saveNews: async (newsId: string, body: unknown) => call<{ news: AdminNews }>('PUT', `${base}/news/${id(newsId)}`, { body }),
    catalogueBanners: async (page: number, archived: boolean) => call<AdminPage<AdminBanner>>('GET', `${base}/banners`, { query: { page, archived: archived ? 1 : 0 } }),
    banner: async (bannerId: string) => call<{ banner: AdminBanner }>('GET', `${base}/banners/${id(bannerId)}`),
    createBanner: async (body: unknown) => call<{ banner: AdminBanner }>('POST', `${base}/banners`, { body }),
    saveBanner: async (bannerId: string, body: unknown) => call<{ banner: AdminBanner }>('PUT', `${base}/banners/${id(bannerId)}`, { body }),
    uploadImage: async (kind: ImageKind, file: Blob, name = '') => call<UploadedImage>('POST', `${base}/images`, { query: name ? { kind, name } : { kind }, raw: file }),
    mediaLibrary: async (page: number) => call<MediaPage>('GET', '/api/staff/media', { query: { page } }),
    deleteMedia: async (path: string) => call<null>('DELETE', '/api/staff/media', { query: { path } }),
    ...bonusCalls(call),
  };
}

/** The 特典 of a round or of an artist's milestones (issue 33). */
function bonusCalls(call: ReturnType<typeof createApiCaller>) {
  return {
    bonuses: async (owner: BonusOwnerQuery) => call<StaffBonusList>('GET', '/api/staff/bonuses', { query: owner }),
    addBonusCodes: async (body: BonusOwnerQuery & { name: string; codes: string }) => call<StaffBonus>('POST', '/api/staff/bonuses', { body }),
    uploadBonusFile: async (owner: BonusOwnerQuery, name: string, file: Blob) =>
      call<StaffBonus>('POST', '/api/staff/bonus-files', { query: { ...owner, name }, raw: file }),
    appendBonusCodes: async (id: string, codes: string) => call<StaffBonus>('POST', `/api/staff/bonuses/${encodeURIComponent(id)}/codes`, { body: { codes } }),
    deleteBonus: async (id: string) => call<null>('DELETE', `/api/staff/bonuses/${encodeURIComponent(id)}`),
  };
}

/** `{ round }`, or `{ artist }` (with the milestone when adding). */
export type BonusOwnerQuery = { round: number } | { artist: number; milestone?: number };

export type StaffApi = ReturnType<typeof createStaffApi>;

/** What the console's server passes to loaders: a staff client with the browser's cookie. */
export interface ConsoleContext {
  staffApi: StaffApi;
}

let browserApi: StaffApi | undefined;

/** True in the server's render (its context carries the per-request client), false in the browser. */
export function isServerContext(context: unknown): context is ConsoleContext {
  return typeof context === 'object' && context !== null && 'staffApi' in context;
}

/** The server's per-request client, or the browser's same-origin one (the console's /api proxy). */
export function staffApiFrom(context: unknown): StaffApi {
  if (isServerContext(context)) return context.staffApi;
  browserApi ??= createStaffApi({ baseUrl: '' });
  return browserApi;
}
