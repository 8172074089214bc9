import { createApiCaller, type ApiClientOptions } from '../../../shared/api/client.ts';

/** The roles of the staff API's contract (issue 19): shared/staff-roles.ts owns them. */
export type StaffRole = 'owner' | 'catalogue' | 'support' | 'fulfilment';

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

export interface StaffSetup {
  email: string;
  role: StaffRole;
  otpauthUri: string;
  qrSvg: string;
}

export interface SetupInput {
  password: string;
  passwordConfirm: string;
  otp: string;
}

export interface LoginInput {
  email: string;
  password: string;
  otp: string;
}

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
  };
}

export type StaffApi = ReturnType<typeof createStaffApi>;

/** What the console's server passes to loaders: a staff client with the browser's cookie. */
export interface ConsoleContext {
  staffApi: StaffApi;
}

let browserApi: StaffApi | undefined;

/** The server's per-request client, or the browser's same-origin one (the console's /api proxy). */
export function staffApiFrom(context: unknown): StaffApi {
  if (typeof context === 'object' && context !== null && 'staffApi' in context) return (context as ConsoleContext).staffApi;
  browserApi ??= createStaffApi({ baseUrl: '' });
  return browserApi;
}
