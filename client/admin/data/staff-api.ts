import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';
import type { StaffDashboard } from '../../../shared/api/dashboard.ts';
import type {
  AdminArtist, AdminArtistPage, AdminBanner, AdminNews, AdminPage, AdminPlan, AdminRoundDetail, ImageKind, PriceChanged, PricePreview, UploadedImage,
} from '../../../shared/api/catalogue-admin.ts';
import type { StaffMember, StaffRole } from '../../../shared/staff-roles.ts';
import type { StaffLoginInput, StaffSetupInput } from '../../../shared/staff-rules.ts';
import type * as z from 'zod/mini';

export interface StaffSetup {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  qrSvg: string;
}

type SetupInput = z.input<typeof StaffSetupInput>;
type LoginInput = z.input<typeof StaffLoginInput>;

/** The console's calls of the staff API (`/api/staff/…`); like the shop's client, never throws. */
export function createStaffApi(options: ApiClientOptions) {
  const call = createApiCaller(options);
  const setupPath = (token: string) => `/api/staff/setup/${encodeURIComponent(token)}`;
  return {
    setup: async (token: string) => call<StaffSetup>('GET', setupPath(token)),
    completeSetup: async (token: string, input: SetupInput) => call<{ recoveryCodes: string[] }>('POST', setupPath(token), { body: input }),
    login: async (input: LoginInput) => call<{ staff: StaffMember }>('POST', '/api/staff/login', { body: input }),
    logout: async () => call<null>('POST', '/api/staff/logout'),
    me: async () => call<{ staff: StaffMember }>('GET', '/api/staff/me'),
    dashboard: async () => call<StaffDashboard>('GET', '/api/staff/dashboard'),
    ...catalogueCalls(call),
  };
}

/** The catalogue area's calls (issue 19): artists, plans, a price change with its preview, pictures. */
function catalogueCalls(call: ReturnType<typeof createApiCaller>) {
  const base = '/api/staff/catalogue';
  const id = (value: string | number) => encodeURIComponent(String(value));
  return {
    catalogueArtists: async (page: number) => call<AdminArtistPage>('GET', `${base}/artists`, { query: { page } }),
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
    catalogueBanners: async (page: number) => call<AdminPage<AdminBanner>>('GET', `${base}/banners`, { query: { page } }),
    banner: async (bannerId: string) => call<{ banner: AdminBanner }>('GET', `${base}/banners/${id(bannerId)}`),
    createBanner: async (body: unknown) => call<{ banner: AdminBanner }>('POST', `${base}/banners`, { body }),
    saveBanner: async (bannerId: string, body: unknown) => call<{ banner: AdminBanner }>('PUT', `${base}/banners/${id(bannerId)}`, { body }),
    uploadImage: async (kind: ImageKind, file: Blob) => call<UploadedImage>('POST', `${base}/images`, { query: { kind }, raw: file }),
  };
}

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
