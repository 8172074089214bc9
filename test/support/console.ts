import path from 'node:path';
import type { Express } from 'express';
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
