import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePorts, sleep } from './ports.ts';

export const OPERATOR_CONFIG = 'deploy/haproxy/haproxy.cfg';
const HAPROXY = '/usr/sbin/haproxy';
const SECTION = /^(global|defaults|frontend|backend|listen|resolvers|peers|userlist|program|http-errors|ring|cache|mailers)\b/;

/** Backend name → the copies' loopback ports, e.g. { web: [41001, 41002] }. */
export type Servers = Record<string, { name: string; port: number }[]>;

/**
 * The operator's file with only the addresses changed: each `server-template` line becomes one
 * `server` line per local copy (same words, without `resolvers`/`init-addr`), each `bind` a free
 * loopback port, and the `resolvers` section goes (there is no Docker DNS here). Checks, timeouts
 * and retries stay exactly as written.
 */
export function localConfig(operatorText: string, servers: Servers, binds: Record<string, number>): string {
  const out: string[] = [];
  let section = '';
  for (const line of operatorText.split('\n')) {
    const trimmed = line.trim();
    const header = SECTION.exec(trimmed);
    if (header) section = trimmed;
    if (section.startsWith('resolvers')) continue;
    const words = trimmed.split(/\s+/);
    if (words[0] === 'bind') {
      const frontend = section.split(/\s+/)[1] ?? '';
      const port = binds[frontend];
      if (port === undefined) throw new Error(`${OPERATOR_CONFIG}: no local port for frontend "${frontend}"`);
      out.push(`    bind 127.0.0.1:${port}`);
    } else if (words[0] === 'server-template') {
      const backend = section.split(/\s+/)[1] ?? '';
      const rest = dropWords(words.slice(4), ['resolvers', 'init-addr']);
      for (const server of servers[backend] ?? []) out.push(`    server ${server.name} 127.0.0.1:${server.port} ${rest.join(' ')}`);
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

/** Removes each named word and the value after it. */
function dropWords(words: string[], names: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (names.includes(words[i] ?? '')) i += 1;
    else kept.push(words[i] ?? '');
  }
  return kept;
}

/** Debian's package, installed when missing as .ci/run installs Chromium. */
export function ensureHaproxy(log: (line: string) => void): void {
  if (existsSync(HAPROXY)) return;
  log('haproxy is missing: apt-get install -y haproxy');
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export interface LocalHaproxy {
  ports: { shop: number; api: number; console: number };
  configFile: string;
  start(servers: Servers): Promise<void>;
  /** Until `frontend`'s /readyz answers 200 through HAProxy (it has seen a healthy copy: rise 2). */
  healthy(frontend: 'shop' | 'api' | 'console'): Promise<void>;
  stop(): Promise<void>;
}

/** Frontend ports first (the copies' PUBLIC_ORIGIN and API_ORIGIN name them), the process later. */
export async function planHaproxy(runDir: string): Promise<LocalHaproxy> {
  const [shop = 0, api = 0, consolePort = 0] = await freePorts(3);
  const ports = { shop, api, console: consolePort };
  const configFile = path.join(runDir, 'haproxy.cfg');
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let alive = (): boolean => false;
  return {
    ports,
    configFile,
    async start(servers) {
      writeFileSync(configFile, localConfig(readFileSync(OPERATOR_CONFIG, 'utf8'), servers, ports));
      execFileSync(HAPROXY, ['-c', '-q', '-f', configFile], { stdio: 'inherit' });
      const fd = openSync(path.join(runDir, 'haproxy.log'), 'a');
      const started = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', fd, fd] });
      closeSync(fd);
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      alive = () => started.exitCode === null;
    },
    healthy: (frontend) => waitListening(`http://127.0.0.1:${ports[frontend]}/readyz`, () => alive(), path.join(runDir, 'haproxy.log')),
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitListening(url: string, alive: () => boolean, logFile: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`haproxy exited at start; the end of its log:\n${lastLines(logFile, 10)}`);
    if (await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)) return;
    await sleep(200);
  }
  throw new Error(`haproxy: ${url} did not answer 200 within 20 s`);
}

/** The last `count` lines of a log file, for an error message (the run directory goes at the end). */
function lastLines(file: string, count: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).map((line) => `  ${line.slice(0, 300)}`).join('\n');
  } catch {
    return '  (no log)';
  }
}
