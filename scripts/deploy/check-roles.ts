import { createHostAllowList } from '../../shared/allowed-hosts.ts';
import { ConfigSchema, parseConfig, type Config } from '../../shared/config.ts';
import type { HttpProbe, Role, RoleSpec } from './deploy-files.ts';

/**
 * Checks (a) and (b) of one role as a deployment file gives it: the settings parse as the shop
 * parses them and are all settings the shop knows; the probes, health check and grace period
 * fit what the role serves and decision 0005's timings (docs/decisions/0005-drain-and-server-limits.md).
 */
const KNOWN_SETTINGS = new Set(Object.keys(ConfigSchema.shape));
/**
 * What a role trusting loopback alone gets wrong when its callers come over the cluster network:
 * the API's throttles would count every shopper as the one HAProxy (issue 29).
 */
const LOOPBACK_TRUST: Partial<Record<Role, string>> = {
  web: "the balancer's X-Forwarded-For is ignored",
  admin: "the balancer's X-Forwarded-For is ignored",
  api: 'the web tier\'s X-Forwarded-For is ignored, and every shopper is one client to the login, mail-code and card limits',
};
/** The database is closed after SHUTDOWN_TIMEOUT_MS, within about a second (README "Configuration"). */
const DATABASE_CLOSE_MS = 1000;

export function configOf(spec: RoleSpec, image: Record<string, string>): { config?: Config; problems: string[] } {
  const where = `${spec.source} ${spec.name}`;
  const unknown = Object.keys(spec.env).filter((name) => !KNOWN_SETTINGS.has(name));
  const problems = unknown.map((name) => `${where}: ${name} is not a setting of the shop (shared/config.ts)`);
  const parsed = parseConfig({ ...image, ...spec.env });
  if (!parsed.ok) return { problems: [...problems, ...parsed.problems.map((p) => `${where}: ${p}`)] };
  return { config: parsed.config, problems };
}

/** The port each role listens on for its HTTP traffic and probes. */
export function listenerPort(role: Role, config: Config): number {
  if (role === 'api') return config.API_PORT;
  if (role === 'admin') return config.ADMIN_PORT;
  return config.PORT;
}

/** What a role must be given in a deployment of separate containers. */
export function settingProblems(spec: RoleSpec, config: Config): string[] {
  const where = `${spec.source} ${spec.name}`;
  const problems: string[] = [];
  if (!['web', 'api', 'admin'].includes(spec.args[0] ?? '') || spec.args.length !== 1) problems.push(`${where}: args ${JSON.stringify(spec.args)} are not one role of web, api, admin`);
  if (spec.role === 'api') {
    if (!config.DATABASE_URL) problems.push(`${where}: no DATABASE_URL: each container would keep its own embedded database`);
    if (!config.SMTP_URL) problems.push(`${where}: no SMTP_URL: sign-up mails go to an outbox only a loopback install shows`);
    if (!config.STAFF_SECRET_KEY) problems.push(`${where}: no STAFF_SECRET_KEY: every copy must seal staff secrets with one key`);
    if (!config.OPS_TOKEN) problems.push(`${where}: no OPS_TOKEN: each copy would make its own`);
  } else if (/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(config.API_ORIGIN)) {
    problems.push(`${where}: API_ORIGIN ${config.API_ORIGIN} is this container's loopback, where no API runs`);
  }
  const loopbackOnly = LOOPBACK_TRUST[spec.role];
  if (loopbackOnly && JSON.stringify(config.TRUST_PROXY) === '["loopback"]') problems.push(`${where}: TRUST_PROXY is the default loopback: ${loopbackOnly}`);
  if (new URL(config.PUBLIC_ORIGIN).hostname === 'localhost') problems.push(`${where}: PUBLIC_ORIGIN is localhost`);
  return problems;
}

/** Web and admin call the API at their API_ORIGIN: the API must answer that Host (else 421). */
export function apiHostProblems(caller: RoleSpec, callerConfig: Config, api: Config): string[] {
  const allowed = createHostAllowList([api.PUBLIC_ORIGIN, api.API_ORIGIN], api.ALLOWED_HOSTS);
  const host = new URL(callerConfig.API_ORIGIN).host;
  return allowed(host) ? [] : [`${caller.source} ${caller.name}: the API does not answer Host ${host} (its API_ORIGIN or ALLOWED_HOSTS must name it)`];
}

export function graceProblems(spec: RoleSpec, config: Config): string[] {
  const needMs = config.SHUTDOWN_TIMEOUT_MS + DATABASE_CLOSE_MS;
  if (spec.graceSeconds === undefined) return [`${spec.source} ${spec.name}: no grace period (stop_grace_period / terminationGracePeriodSeconds)`];
  return spec.graceSeconds * 1000 > needMs ? [] : [`${spec.source} ${spec.name}: grace ${spec.graceSeconds} s is not above SHUTDOWN_TIMEOUT_MS + 1 s (${needMs} ms)`];
}

/** The balancer stops sending before the ports close: SHUTDOWN_DELAY_MS covers the checks that see the 503. */
export function delayProblems(where: string, config: Config, periodSeconds: number, failures: number, checker: string): string[] {
  const needMs = periodSeconds * failures * 1000;
  return config.SHUTDOWN_DELAY_MS >= needMs ? [] : [`${where}: SHUTDOWN_DELAY_MS ${config.SHUTDOWN_DELAY_MS} is below ${checker}: period x failures = ${needMs} ms`];
}

const PROBE_PATHS: Record<HttpProbe['kind'], string> = { readiness: '/readyz', liveness: '/healthz', startup: '/healthz' };

export function probeProblems(spec: RoleSpec, config: Config): string[] {
  const where = `${spec.source} ${spec.name}`;
  const port = listenerPort(spec.role, config);
  const problems = (['readiness', 'liveness'] as const).filter((kind) => !spec.probes.some((p) => p.kind === kind)).map((kind) => `${where}: no ${kind} probe`);
  for (const probe of spec.probes) {
    const resolved = typeof probe.port === 'number' ? probe.port : spec.ports[probe.port];
    if (probe.path !== PROBE_PATHS[probe.kind]) problems.push(`${where}: ${probe.kind} probe asks ${probe.path}, not ${PROBE_PATHS[probe.kind]}`);
    if (resolved !== port) problems.push(`${where}: ${probe.kind} probe port ${probe.port} (${resolved}) is not the role's ${port}`);
  }
  const readiness = spec.probes.find((p) => p.kind === 'readiness');
  if (readiness) problems.push(...delayProblems(where, config, readiness.periodSeconds, readiness.failureThreshold, 'the readiness probe'));
  if (spec.role === 'api' && !spec.probes.some((p) => p.kind === 'startup')) problems.push(`${where}: no startup probe, and the API migrates before it listens`);
  return problems;
}

export function metricsProblems(spec: RoleSpec, config: Config): string[] {
  const where = `${spec.source} ${spec.name}`;
  const problems: string[] = [];
  if (spec.ports.metrics !== config.METRICS_PORT) problems.push(`${where}: no container port named metrics at METRICS_PORT ${config.METRICS_PORT}`);
  if (spec.annotations['prometheus.io/scrape'] !== 'true') problems.push(`${where}: metrics not scraped (prometheus.io/scrape)`);
  if (spec.annotations['prometheus.io/port'] !== String(config.METRICS_PORT)) problems.push(`${where}: prometheus.io/port is not METRICS_PORT ${config.METRICS_PORT}`);
  return problems;
}

/** Compose's healthcheck: the image's check, naming this service's role. */
export function healthcheckProblems(spec: RoleSpec): string[] {
  const want = ['CMD', 'node', 'dist/healthcheck.js', spec.role];
  return JSON.stringify(spec.healthcheck) === JSON.stringify(want) ? [] : [`compose ${spec.name}: healthcheck ${JSON.stringify(spec.healthcheck)}, expected ${JSON.stringify(want)}`];
}
