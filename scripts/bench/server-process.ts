import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, Endpoints, ParentMessage } from './protocol.ts';

export interface ServerProcess {
  endpoints: Endpoints;
  pid: number | undefined;
  /** Express's stack traces of SSR requests aborted by the client, kept off the console. */
  abortedRenders(): number;
  close(): Promise<void>;
}

const STARTUP_LIMIT_MS = 60_000;
const CLOSE_LIMIT_MS = 15_000;

/**
 * Passes the child's stderr through, except the stack traces Express prints for SSR requests
 * whose client went away (autocannon drops its in-flight requests when a run ends): counted.
 */
function filterStderr(child: ChildProcess): () => number {
  let aborted = 0;
  let inAbortTrace = false;
  if (!child.stderr) return () => aborted;
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.startsWith('DOMException [AbortError]')) {
      aborted += 1;
      inAbortTrace = true;
      return;
    }
    if (inAbortTrace && line.startsWith('    at ')) return;
    inAbortTrace = false;
    process.stderr.write(`${line}\n`);
  });
  return () => aborted;
}

function waitForExit(child: ChildProcess, limitMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, limitMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Forks servers.ts (through tsx, production React) and waits for its loopback URLs. The child
 * gets its own CPU time; the load generator stays in this process.
 */
export function startServerProcess(): Promise<ServerProcess> {
  const entry = fileURLToPath(new URL('./servers.ts', import.meta.url));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.DATABASE_URL; // always the in-memory PGlite with the demo catalogue
  const child = fork(entry, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  const abortedRenders = filterStderr(child);

  const close = async (): Promise<void> => {
    if (child.connected) child.send({ type: 'close' } satisfies ParentMessage);
    else if (child.exitCode === null) child.kill('SIGTERM');
    await waitForExit(child, CLOSE_LIMIT_MS);
  };

  return new Promise((resolve, reject) => {
    const fail = (message: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`bench server process: ${message}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${STARTUP_LIMIT_MS} ms`), STARTUP_LIMIT_MS);
    child.once('exit', (code, signal) => fail(`exited early (code ${code}, signal ${signal})`));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'error') fail(message.message);
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const { webUrl, apiUrl, referenceUrl } = message;
      resolve({ endpoints: { webUrl, apiUrl, referenceUrl }, pid: child.pid, abortedRenders, close });
    });
  });
}
