import path from 'node:path';
import type { Express } from 'express';
import { STAFF_COOKIE, startStaffSession } from '../../api/staff/staff-session.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { createAdminApp } from '../../server/admin-app.server.ts';
import { TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { freePort } from './free-port.ts';
import { listenOnLoopback, silentLogger, startStack, testConfig, type Stack, type StackOptions } from './stack.ts';

export interface ConsoleServer {
  app: Express;
  url: string;
  close(): Promise<void>;
}

/** The operator console (role admin) in front of a stack's API, on a loopback port. */
export async function startConsole(stack: Stack, env: Record<string, string> = {}): Promise<ConsoleServer> {
  const app = createConsoleApp(stack, env);
  const { server, url } = await listenOnLoopback(app);
  return { app, url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function createConsoleApp(stack: Stack, env: Record<string, string> = {}): Express {
  const config = testConfig({ API_ORIGIN: stack.apiUrl, ...env });
  return createAdminApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
}

/**
 * A stack whose staff API takes the console's origin, and the console on that origin in front of
 * it (the two name each other, so the console's port is chosen first): for console e2e tests.
 */
export async function startStackWithConsole(options: Omit<StackOptions, 'staffApi'> = {}): Promise<{ stack: Stack; consoleOrigin: string; closeConsole: () => Promise<void> }> {
  const port = await freePort();
  const consoleOrigin = `http://127.0.0.1:${port}`;
  const stack = await startStack({ ...options, staffApi: { adminOrigin: consoleOrigin, opsToken: TEST_OPS_TOKEN } });
  const server = createConsoleApp(stack, { ADMIN_ORIGIN: consoleOrigin }).listen(port, '127.0.0.1');
  return { stack, consoleOrigin, closeConsole: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A console session for a member of `role` (`<role>@<domain>`), made in the stack's database as
 * an enrolled member's sign-in would: the cookie's value, for a browser's cookie jar.
 */
export async function consoleMemberSession(stack: Stack, role: StaffRole, domain: string): Promise<string> {
  const db = stack.database.handle.db;
  const now = new Date();
  const staff = await db.insertInto('staff').values({ email: `${role}@${domain}`, role, enrolled_at: now, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return startStaffSession(db, staff.id, now);
}

/** The same session as a `Cookie` header: for SSR tests of the console's pages. */
export async function consoleMemberCookie(stack: Stack, role: StaffRole, domain: string): Promise<string> {
  return `${STAFF_COOKIE}=${await consoleMemberSession(stack, role, domain)}`;
}
