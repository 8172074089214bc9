import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';
import type { CustomerDetail, CustomerNote, CustomerSearchPage, RefundAnswer } from '../../../shared/api/customers.ts';
import type { StaffDashboard } from '../../../shared/api/dashboard.ts';
import type { RoundDetail, RoundList, StagedImport } from '../../../shared/api/rounds.ts';
import type { ReportMonth } from '../../../shared/report-columns.ts';
import type { UserPlanChange } from '../../../shared/api/types.ts';
import type { StaffInvite, StaffListEntry, StaffMember, StaffRole } from '../../../shared/staff-roles.ts';
import type { StaffLoginInput, StaffSetupInput } from '../../../shared/staff-rules.ts';
import type * as z from 'zod/mini';

export interface StaffSetup {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  qrSvg: string;
}

/** One row of the audit trail as the API answers it (api/staff/audit-query.ts). */
export interface AuditEntryView {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  requestId: string | null;
  outcome: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  next: number | null;
}

type SetupInput = z.input<typeof StaffSetupInput>;
type LoginInput = z.input<typeof StaffLoginInput>;

/** Where the console's upload form posts a shipped or delivered file (multipart, JavaScript or not). */
export const SHIPMENT_IMPORTS_PATH = '/api/staff/shipment-imports';
const shipmentImportPath = (id: string) => `${SHIPMENT_IMPORTS_PATH}/${encodeURIComponent(id)}`;

/** A round's shipping list, downloaded through the console's /api proxy with the staff cookie. */
export function roundExportHref(roundId: number, encoding: 'utf8' | 'cp932'): string {
  return `/api/staff/rounds/export?round=${roundId}&encoding=${encoding}`;
}

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
    rounds: async (page: number) => call<RoundList>('GET', `/api/staff/rounds?page=${page}`),
    round: async (id: string, page: number) => call<RoundDetail>('GET', `/api/staff/rounds/${encodeURIComponent(id)}?page=${page}`),
    shipmentImport: async (id: string) => call<{ import: StagedImport }>('GET', shipmentImportPath(id)),
    confirmShipmentImport: async (id: string) =>
      call<{ import: StagedImport; alreadyConfirmed: boolean }>('POST', `${shipmentImportPath(id)}/confirm`, { body: {} }),
    searchCustomers: async (q: string, page: number) => call<CustomerSearchPage>('GET', '/api/staff/customers', { query: { q, page } }),
    customer: async (id: number) => call<CustomerDetail>('GET', customerPath(id)),
    refund: async (id: number, body: { historyId: number; reason: string; idempotencyKey: string }) =>
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
