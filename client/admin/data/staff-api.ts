import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';
import type { StaffDashboard } from '../../../shared/api/dashboard.ts';
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
