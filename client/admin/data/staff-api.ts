import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';
import type { BillingChargeList, BillingRoundList, ChargeActionResult } from '../../../shared/api/billing.ts';
import type { BillingState, StaffDashboard } from '../../../shared/api/dashboard.ts';
import type { ChargeActionInput } from '../../../shared/billing-console-rules.ts';
import type { RoundDetail, RoundList, StagedImport } from '../../../shared/api/rounds.ts';
import type { ReportMonth } from '../../../shared/report-columns.ts';
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
type ChargeAction = z.input<typeof ChargeActionInput>;

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
    billing: async (page: number) => call<BillingRoundList>('GET', `/api/staff/billing?page=${page}`),
    billingRound: async (id: string, state: BillingState, page: number) =>
      call<BillingChargeList>('GET', `/api/staff/billing/${encodeURIComponent(id)}?state=${state}&page=${page}`),
    chargeAction: async (input: ChargeAction) => call<ChargeActionResult>('POST', '/api/staff/billing/charges', { body: input }),
    shipmentImport: async (id: string) => call<{ import: StagedImport }>('GET', shipmentImportPath(id)),
    confirmShipmentImport: async (id: string) =>
      call<{ import: StagedImport; alreadyConfirmed: boolean }>('POST', `${shipmentImportPath(id)}/confirm`, { body: {} }),
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
