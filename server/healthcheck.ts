import { readFileSync } from 'node:fs';
import { parseConfig } from '../shared/config.ts';

/**
 * The image's HEALTHCHECK: `node dist/healthcheck.js [role]`. Probes the liveness endpoint of
 * what the container's role serves (web → PORT, api → API_PORT, admin → ADMIN_PORT, all → the
 * three) and exits 0 when all
 * answer 200, else 1 with one line saying which did not. The old check asked the web port only,
 * which role api never opens (issue 17).
 *
 * Docker runs the check beside the container's main process, with its environment but not its
 * arguments, so the role is read from that process's command line (`node dist/main.js api`, PID 1
 * in the container, also behind `--init`). HEALTHCHECK_PID names another process (the smoke
 * test, which runs no container); a role given here wins over both.
 */
type Role = 'all' | 'web' | 'api' | 'admin';
const ROLES: readonly string[] = ['all', 'web', 'api', 'admin'];
const PROBE_TIMEOUT_MS = 4000;

function isRole(value: string | undefined): value is Role {
  return value !== undefined && ROLES.includes(value);
}

/** The role of the shop process `pid`: the argument after `main.js`, `all` when there is none. */
function roleOf(pid: string): Role {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const main = argv.findIndex((arg) => arg.endsWith('main.js'));
  if (main < 0) throw new Error(`process ${pid} is not the shop (node dist/main.js): pass the role`);
  const role = argv[main + 1];
  return isRole(role) ? role : 'all';
}

/** A wildcard address is asked on loopback; a specific one as it is. */
function probeHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

async function answers(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).catch(() => null);
  await response?.arrayBuffer().catch(() => undefined);
  return response?.status === 200;
}

async function main(): Promise<number> {
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    console.error(`unhealthy: invalid configuration (${parsed.problems.join('; ')})`);
    return 1;
  }
  const { HOST, PORT, API_PORT, ADMIN_PORT } = parsed.config;
  const given = process.argv[2];
  const role = isRole(given) ? given : roleOf(process.env.HEALTHCHECK_PID ?? '1');
  const ports: [string, number][] = [];
  if (role === 'all' || role === 'web') ports.push(['PORT', PORT]);
  if (role === 'all' || role === 'api') ports.push(['API_PORT', API_PORT]);
  if (role === 'all' || role === 'admin') ports.push(['ADMIN_PORT', ADMIN_PORT]);
  const results = await Promise.all(ports.map(async ([name, port]) => [name, port, await answers(`http://${probeHost(HOST)}:${port}/healthz`)] as const));
  const down = results.filter(([, , ok]) => !ok).map(([name, port]) => `${name} ${port}`);
  if (down.length === 0) return 0;
  console.error(`unhealthy (role ${role}): no 200 from /healthz on ${down.join(', ')}`);
  return 1;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
