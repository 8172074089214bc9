import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { interpolate, SAMPLE_VALUES } from './sample-values.ts';
import { asList, asMap, asNumber, asText, dig, type YamlMap } from './yaml-values.ts';

/**
 * The deployment files (deploy/compose.yaml, deploy/kubernetes/), read into one shape per shop
 * role so that one set of checks (check-files.ts) and one start-up (start-roles.ts) cover both.
 */
export type Role = 'all' | 'web' | 'api' | 'admin';

export interface HttpProbe { kind: 'readiness' | 'liveness' | 'startup'; path: string; port: number | string; periodSeconds: number; failureThreshold: number }

export interface RoleSpec {
  source: 'compose' | 'kubernetes';
  /** The Compose service or the Deployment. */
  name: string;
  /** The arguments after the image's ENTRYPOINT (node dist/main.js). */
  args: string[];
  role: Role;
  /** The settings the file gives the container (samples in place of secrets), image ENV not included. */
  env: Record<string, string>;
  replicas: number;
  graceSeconds: number | undefined;
  /** Compose's healthcheck command (exec form). */
  healthcheck: string[] | undefined;
  probes: HttpProbe[];
  /** Named container ports (Kubernetes). */
  ports: Record<string, number>;
  annotations: Record<string, string>;
}

export interface DeployFiles {
  roles: RoleSpec[];
  /** compose.yaml's services, interpolated with the samples. */
  composeServices: YamlMap;
  /** Every Kubernetes object, for the cross-object checks (Services, PDBs, kustomization). */
  objects: YamlMap[];
  kustomizationResources: string[];
  kubernetesFiles: string[];
  problems: string[];
}

export const DEPLOY_DIR = 'deploy';
const ROLES: readonly string[] = ['all', 'web', 'api', 'admin'];

function isRole(value: string): value is Role {
  return ROLES.includes(value);
}

/** What `node dist/main.js <args>` runs: the first argument, `all` without one (an unknown one fails the checks). */
function roleOf(args: string[]): Role {
  const first = args[0] ?? 'all';
  return isRole(first) ? first : 'all';
}

function textMap(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(asMap(value)).map(([key, v]) => [key, asText(v) ?? '']));
}

/** Compose's duration (`30s`, `1m30s`) in seconds. */
export function durationSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0) return undefined;
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * (unit[u!] ?? 0), 0);
}

/** The services that run the shop's image: they have `build` (../Dockerfile) or the image it tags. */
function composeServices(root: string, problems: string[]): YamlMap {
  const text = interpolate(readFileSync(path.join(root, DEPLOY_DIR, 'compose.yaml'), 'utf8'), problems);
  return asMap(asMap(parse(text, { merge: true })).services);
}

function composeRoles(services: YamlMap): RoleSpec[] {
  return Object.entries(services).filter(([, s]) => asMap(s).build !== undefined).map(([name, raw]) => {
    const s = asMap(raw);
    const args = asList(s.command).map((a) => asText(a) ?? '');
    return {
      source: 'compose', name, args, role: roleOf(args), env: textMap(s.environment),
      replicas: asNumber(dig(s, 'deploy.replicas')) ?? 1, graceSeconds: durationSeconds(asText(s.stop_grace_period)),
      healthcheck: asList(dig(s, 'healthcheck.test')).map((a) => asText(a) ?? ''), probes: [], ports: {}, annotations: {},
    } satisfies RoleSpec;
  });
}

function kubernetesObjects(root: string, files: string[]): YamlMap[] {
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(root, DEPLOY_DIR, 'kubernetes', file), 'utf8')).map((doc) => asMap(doc.toJS())),
  );
}

/** A container's settings: envFrom ConfigMaps, then env (value, ConfigMap or Secret reference). */
function containerEnv(container: YamlMap, objects: YamlMap[], problems: string[], where: string): Record<string, string> {
  const configMap = (name: string | undefined) => asMap(objects.find((o) => o.kind === 'ConfigMap' && dig(o, 'metadata.name') === name)?.data);
  const env: Record<string, string> = {};
  for (const from of asList(container.envFrom)) Object.assign(env, textMap(configMap(asText(dig(from, 'configMapRef.name')))));
  for (const entry of asList(container.env).map(asMap)) {
    const name = asText(entry.name) ?? '';
    const secretKey = asText(dig(entry, 'valueFrom.secretKeyRef.key'));
    const mapKey = asText(dig(entry, 'valueFrom.configMapKeyRef.key'));
    if (secretKey !== undefined) {
      const sample = SAMPLE_VALUES[secretKey];
      if (sample === undefined) problems.push(`${where}: secret key ${secretKey} has no sample value`);
      env[name] = sample ?? '';
    } else if (mapKey !== undefined) {
      env[name] = asText(configMap(asText(dig(entry, 'valueFrom.configMapKeyRef.name')))[mapKey]) ?? '';
    } else env[name] = asText(entry.value) ?? '';
  }
  return env;
}

function probesOf(container: YamlMap): HttpProbe[] {
  const kinds = [['readiness', 'readinessProbe'], ['liveness', 'livenessProbe'], ['startup', 'startupProbe']] as const;
  return kinds.filter(([, key]) => container[key] !== undefined).map(([kind, key]) => {
    const probe = asMap(container[key]);
    const port = dig(probe, 'httpGet.port');
    return {
      kind, path: asText(dig(probe, 'httpGet.path')) ?? '(no httpGet)', port: asNumber(port) ?? asText(port) ?? '',
      periodSeconds: asNumber(probe.periodSeconds) ?? 10, failureThreshold: asNumber(probe.failureThreshold) ?? 3,
    };
  });
}

function deploymentRole(deployment: YamlMap, objects: YamlMap[], problems: string[]): RoleSpec {
  const name = asText(dig(deployment, 'metadata.name')) ?? '(unnamed)';
  const pod = asMap(dig(deployment, 'spec.template.spec'));
  const container = asMap(asList(pod.containers)[0]);
  const args = asList(container.args).map((a) => asText(a) ?? '');
  const ports = Object.fromEntries(asList(container.ports).map(asMap).map((p) => [asText(p.name) ?? '', asNumber(p.containerPort) ?? 0]));
  return {
    source: 'kubernetes', name, args, role: roleOf(args), env: containerEnv(container, objects, problems, name),
    replicas: asNumber(dig(deployment, 'spec.replicas')) ?? 1, graceSeconds: asNumber(pod.terminationGracePeriodSeconds) ?? 30,
    healthcheck: undefined, probes: probesOf(container), ports, annotations: textMap(dig(deployment, 'spec.template.metadata.annotations')),
  };
}

export function listKubernetesFiles(root: string, readDir: (dir: string) => string[]): string[] {
  return readDir(path.join(root, DEPLOY_DIR, 'kubernetes')).filter((f) => f.endsWith('.yaml')).sort();
}

export function readDeployFiles(root: string, readDir: (dir: string) => string[]): DeployFiles {
  const problems: string[] = [];
  const kubernetesFiles = listKubernetesFiles(root, readDir);
  const kustomization = asMap(parse(readFileSync(path.join(root, DEPLOY_DIR, 'kubernetes', 'kustomization.yaml'), 'utf8')));
  const kustomizationResources = asList(kustomization.resources).map((r) => asText(r) ?? '');
  const objects = kubernetesObjects(root, kustomizationResources);
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const services = composeServices(root, problems);
  const roles = [...composeRoles(services), ...deployments.map((d) => deploymentRole(d, objects, problems))];
  return { roles, composeServices: services, objects, kustomizationResources, kubernetesFiles, problems };
}

/** The runtime stage's `ENV` line of the Dockerfile: what every container starts with. */
export function imageEnv(root: string): Record<string, string> {
  const lines = readFileSync(path.join(root, 'Dockerfile'), 'utf8').split('\n');
  const runtime = lines.findIndex((line) => /^FROM .* AS runtime/i.test(line));
  const envLine = lines.slice(runtime).find((line) => line.startsWith('ENV ')) ?? '';
  return Object.fromEntries(envLine.slice(4).trim().split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}
