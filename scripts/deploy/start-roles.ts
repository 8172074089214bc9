import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../shared/config.ts';
import type { DeployCheck } from './check-files.ts';
import type { RoleSpec } from './deploy-files.ts';
import { listenerPort } from './check-roles.ts';
import { freePorts, startRole, statusOf, stopRole, waitFor200, type RoleProcess } from './role-process.ts';

/**
 * Check (c) of scripts/deploy-steps.sh: one api, one web and one admin of one source (Compose or
 * Kubernetes) started with the file's command and settings, service names mapped to loopback
 * ports, probed as the file says, then stopped with SIGTERM as the platform stops them.
 */
export interface Listeners { web: number; api: number; admin: number; smtp: number; metrics: Record<string, number> }

/** What a container would reach by a service name, here on loopback: `haproxy:8081` → the API's port. */
function mapHosts(name: string, value: string, ports: Listeners, databaseUrl: string): string {
  if (name === 'DATABASE_URL') return databaseUrl;
  if (name === 'API_ORIGIN') return `http://127.0.0.1:${ports.api}`;
  if (name === 'SMTP_URL') return `smtp://127.0.0.1:${ports.smtp}`;
  return value;
}

export function runEnv(spec: RoleSpec, check: DeployCheck, ports: Listeners, databaseUrl: string, dataDir: string): Record<string, string> {
  const fileEnv = Object.fromEntries(Object.entries(spec.env).map(([name, value]) => [name, mapHosts(name, value, ports, databaseUrl)]));
  return {
    ...check.image, ...fileEnv,
    HOST: '127.0.0.1', PORT: String(ports.web), API_PORT: String(ports.api), ADMIN_PORT: String(ports.admin),
    METRICS_PORT: String(ports.metrics[spec.role]), DATA_DIR: dataDir, HOME: dataDir,
  };
}

/** Where the role's own listener (PORT, API_PORT or ADMIN_PORT) runs here. */
function roleListener(spec: RoleSpec, ports: Listeners): number {
  if (spec.role === 'api') return ports.api;
  return spec.role === 'admin' ? ports.admin : ports.web;
}

/** A port as the file names it (the role's configured port, or the metrics port) → where it runs here. */
function mappedPort(spec: RoleSpec, config: Config, ports: Listeners, filePort: number): number | undefined {
  if (filePort === config.METRICS_PORT) return ports.metrics[spec.role];
  return filePort === listenerPort(spec.role, config) ? roleListener(spec, ports) : undefined;
}

/** Each GET the file's probes make (Compose: HAProxy's /readyz and /healthz), and /metrics. */
function probeUrls(spec: RoleSpec, config: Config, ports: Listeners): [string, string][] {
  const port = roleListener(spec, ports);
  const asked: [string, string][] = spec.probes.length > 0
    ? spec.probes.map((p) => [`${p.kind} probe`, `http://127.0.0.1:${mappedPort(spec, config, ports, typeof p.port === 'number' ? p.port : spec.ports[p.port] ?? -1) ?? 0}${p.path}`])
    : [['readiness (HAProxy check)', `http://127.0.0.1:${port}/readyz`], ['liveness', `http://127.0.0.1:${port}/healthz`]];
  return [...asked, ['metrics scrape', `http://127.0.0.1:${ports.metrics[spec.role]}/metrics`]];
}

/** A health-check command as Docker runs it, in the repo (the image's WORKDIR), with the container's settings. */
function runHealthcheck(repo: string, command: string[], env: Record<string, string>): number {
  const result = spawnSync(command[0]!, command.slice(1), { cwd: repo, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000, stdio: 'pipe' });
  return result.status ?? 1;
}

/** The Dockerfile's HEALTHCHECK ... CMD line, exec'd as /bin/sh -c would split it (no quoting in it). */
export function dockerfileHealthcheck(repo: string): string[] {
  const text = readFileSync(path.join(repo, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const line = /^HEALTHCHECK .*?CMD\s+(.+)$/m.exec(text);
  return line ? line[1]!.trim().split(/\s+/) : [];
}

export interface StartReport { lines: string[]; problems: string[] }

async function probeRole(repo: string, spec: RoleSpec, proc: RoleProcess, env: Record<string, string>, check: DeployCheck, ports: Listeners, report: StartReport): Promise<void> {
  const config = check.configs.get(spec)!;
  for (const [what, url] of probeUrls(spec, config, ports)) {
    const status = await statusOf(url);
    report.lines.push(`  ${spec.name}: ${what} GET ${new URL(url).pathname} -> ${status}`);
    if (status !== 200) report.problems.push(`${spec.source} ${spec.name}: ${what} ${url} answered ${status}`);
  }
  const commands: [string, string[], Record<string, string>][] = [['Dockerfile HEALTHCHECK', dockerfileHealthcheck(repo), { ...env, HEALTHCHECK_PID: String(proc.child.pid) }]];
  if (spec.healthcheck?.[0] === 'CMD') commands.push(['compose healthcheck', spec.healthcheck.slice(1), env]);
  for (const [what, command, commandEnv] of commands) {
    const code = runHealthcheck(repo, command, commandEnv);
    report.lines.push(`  ${spec.name}: ${what} \`${command.join(' ')}\` -> exit ${code}`);
    if (code !== 0) report.problems.push(`${spec.source} ${spec.name}: ${what} exited ${code}`);
  }
}

/** SIGTERM: readiness turns 503 at once (the drain), and the process exits 0 within the grace period. */
async function stopAndCheck(spec: RoleSpec, proc: RoleProcess, ports: Listeners, report: StartReport): Promise<void> {
  const port = roleListener(spec, ports);
  const stopping = stopRole(proc, spec.graceSeconds ?? 30);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const draining = await statusOf(`http://127.0.0.1:${port}/readyz`);
  const { code, seconds, killed } = await stopping;
  report.lines.push(`  ${spec.name}: SIGTERM -> /readyz ${draining} while draining, exit ${code} after ${seconds.toFixed(1)} s (grace ${spec.graceSeconds} s)`);
  if (draining !== 503) report.problems.push(`${spec.source} ${spec.name}: /readyz answered ${draining} during the drain, not 503`);
  if (killed || code !== 0) report.problems.push(`${spec.source} ${spec.name}: did not exit 0 within the grace period (code ${code}, killed ${killed})`);
}

/** Starts one role and waits for its readiness: as long as the startup probe allows (2 min), since the API migrates first. */
async function startOne(repo: string, spec: RoleSpec, check: DeployCheck, ports: Listeners, databaseUrl: string, work: string, report: StartReport) {
  const dataDir = path.join(work, `${spec.source}-${spec.role}`);
  mkdirSync(dataDir, { recursive: true });
  const env = runEnv(spec, check, ports, databaseUrl, dataDir);
  const logFile = `${dataDir}.log`;
  const proc = startRole(repo, spec.name, spec.args, env, logFile);
  const started = performance.now();
  const ready = await waitFor200(proc, `http://127.0.0.1:${roleListener(spec, ports)}/readyz`, 120);
  if (ready) report.lines.push(`  ${spec.name}: node dist/main.js ${spec.args.join(' ')} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  else report.problems.push(`${spec.source} ${spec.name}: never ready (log: ${logFile})`);
  return { proc, env, ready };
}

export async function startSource(repo: string, source: RoleSpec['source'], check: DeployCheck, databaseUrl: string, work: string): Promise<StartReport> {
  const report: StartReport = { lines: [], problems: [] };
  const specs = ['api', 'web', 'admin'].flatMap((role) => [...check.configs.keys()].filter((s) => s.source === source && s.role === role).slice(0, 1));
  if (specs.length !== 3) return { lines: [], problems: [`${source}: not every role parsed; nothing started`] };
  const [web, api, admin, smtp, mApi, mWeb, mAdmin] = await freePorts(7);
  const ports: Listeners = { web: web!, api: api!, admin: admin!, smtp: smtp!, metrics: { api: mApi!, web: mWeb!, admin: mAdmin! } };
  const running: [RoleSpec, RoleProcess][] = [];
  try {
    for (const spec of specs) {
      const { proc, env, ready } = await startOne(repo, spec, check, ports, databaseUrl, work, report);
      running.push([spec, proc]);
      if (!ready) return report;
      await probeRole(repo, spec, proc, env, check, ports, report);
    }
    // As the platform stops a release: the callers first, the API they call last.
    for (const [spec, proc] of [...running].reverse()) await stopAndCheck(spec, proc, ports, report);
    running.length = 0;
    return report;
  } finally {
    for (const [, proc] of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  }
}
