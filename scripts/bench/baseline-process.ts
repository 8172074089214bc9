import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BaselineInput {
  apiOrigin: string;
  /** The web process's environment, so the reference renders the same public configuration. */
  webEnv: Record<string, string>;
  trivial: { path: string; body: string; contentType: string };
  /** Path → the shop's HTML for it, served from memory. */
  floorPages: Record<string, string>;
}

export interface BaselineUrls {
  bareExpress: string;
  bareProxy: string;
  staticFloor: string;
  reference: string;
}

export interface BaselineProcess {
  urls: BaselineUrls;
  /** The process serving every baseline (its CPU time is read in /proc by proxy-hop.ts). */
  pid: number;
  stop(): Promise<void>;
}

type ChildMessage = { type: 'ready'; urls: BaselineUrls } | { type: 'error'; message: string };

const STARTUP_LIMIT_MS = 60_000;

/** Forks baseline-servers.ts through tsx with production React and waits for its URLs. */
export function startBaselines(input: BaselineInput): Promise<BaselineProcess> {
  const entry = fileURLToPath(new URL('./baseline-servers.ts', import.meta.url));
  const child = fork(entry, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const fail = (message: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`baseline process: ${message}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${STARTUP_LIMIT_MS} ms`), STARTUP_LIMIT_MS);
    child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'error') return fail(message.message);
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ urls: message.urls, pid: child.pid ?? 0, stop });
    });
    child.send({ type: 'start', input });
  });
}
