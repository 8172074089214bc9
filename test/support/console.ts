import path from 'node:path';
import type { Express } from 'express';
import { STAFF_COOKIE, startStaffSession } from '../../api/staff/staff-session.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { createAdminApp } from '../../server/admin-app.server.ts';
import { listenOnLoopback, silentLogger, testConfig, type Stack } from './stack.ts';

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
 * A console session cookie for a member of `role` (`<role>@<domain>`), made in the stack's
 * database as an enrolled member's sign-in would: for SSR tests of the console's pages.
 */
export async function consoleMemberCookie(stack: Stack, role: StaffRole, domain: string): Promise<string> {
  const db = stack.database.handle.db;
  const now = new Date();
  const staff = await db.insertInto('staff').values({ email: `${role}@${domain}`, role, enrolled_at: now, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return `${STAFF_COOKIE}=${await startStaffSession(db, staff.id, now)}`;
}
