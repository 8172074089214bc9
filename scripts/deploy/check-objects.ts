import type { Config } from '../../shared/config.ts';
import type { DeployFiles, RoleSpec } from './deploy-files.ts';
import { listenerPort } from './check-roles.ts';
import { asList, asMap, asNumber, asText, dig, type YamlMap } from './yaml-values.ts';

/**
 * The Kubernetes checks that span objects: each Deployment has a Service on its listener, api and
 * web a PodDisruptionBudget, the pods run as the image's user on a read-only root with DATA_DIR
 * and /tmp writable, secrets are referenced and never applied, and kustomization lists the rest.
 */
const SECRET_NAME = 'oshibox-secrets';
const NOT_APPLIED = ['kustomization.yaml', 'secret.example.yaml'];

function selects(selector: unknown, labels: unknown): boolean {
  const wanted = Object.entries(asMap(selector));
  const have = asMap(labels);
  return wanted.length > 0 && wanted.every(([key, value]) => have[key] === value);
}

function deploymentOf(objects: YamlMap[], name: string): YamlMap | undefined {
  return objects.find((o) => o.kind === 'Deployment' && dig(o, 'metadata.name') === name);
}

function serviceProblems(spec: RoleSpec, config: Config, objects: YamlMap[]): string[] {
  const labels = dig(deploymentOf(objects, spec.name), 'spec.template.metadata.labels');
  const service = objects.find((o) => o.kind === 'Service' && selects(dig(o, 'spec.selector'), labels));
  if (!service) return [`kubernetes ${spec.name}: no Service selects its pods`];
  const target = dig(asList(dig(service, 'spec.ports'))[0], 'targetPort');
  const port = asNumber(target) ?? spec.ports[asText(target) ?? ''];
  return port === listenerPort(spec.role, config) ? [] : [`kubernetes ${spec.name}: its Service's targetPort ${String(target)} is not the role's port`];
}

function budgetProblems(spec: RoleSpec, objects: YamlMap[]): string[] {
  if (spec.role !== 'api' && spec.role !== 'web') return [];
  const labels = dig(deploymentOf(objects, spec.name), 'spec.template.metadata.labels');
  const budget = objects.find((o) => o.kind === 'PodDisruptionBudget' && selects(dig(o, 'spec.selector.matchLabels'), labels));
  if (!budget) return [`kubernetes ${spec.name}: no PodDisruptionBudget`];
  const min = asNumber(dig(budget, 'spec.minAvailable'));
  if (min !== 1 || spec.replicas < 2) return [`kubernetes ${spec.name}: minAvailable ${String(min)} with ${spec.replicas} replicas (want 1 of at least 2)`];
  return [];
}

function podSecurityProblems(spec: RoleSpec, config: Config, objects: YamlMap[]): string[] {
  const pod = asMap(dig(deploymentOf(objects, spec.name), 'spec.template.spec'));
  const container = asMap(asList(pod.containers)[0]);
  const where = `kubernetes ${spec.name}`;
  const problems: string[] = [];
  if (dig(pod, 'securityContext.runAsNonRoot') !== true || dig(pod, 'securityContext.runAsUser') !== 1000) problems.push(`${where}: not runAsNonRoot as uid 1000 (the image's node user)`);
  if (dig(container, 'securityContext.readOnlyRootFilesystem') !== true) problems.push(`${where}: root filesystem not read-only`);
  const mounts = asList(container.volumeMounts).map((m) => asText(dig(m, 'mountPath')));
  for (const dir of [config.DATA_DIR, '/tmp']) if (!mounts.includes(dir)) problems.push(`${where}: nothing writable mounted at ${dir}`);
  return problems;
}

function secretProblems(files: DeployFiles): string[] {
  const problems = files.objects.filter((o) => o.kind === 'Secret').map((o) => `kubernetes: a Secret (${String(dig(o, 'metadata.name'))}) is applied: keep secrets out of the manifests`);
  const refs = JSON.stringify(files.objects).match(/"secretKeyRef":\{"name":"[^"]*"/g) ?? [];
  for (const ref of refs) if (!ref.endsWith(`"${SECRET_NAME}"`)) problems.push(`kubernetes: ${ref} is not ${SECRET_NAME}`);
  return problems;
}

function kustomizationProblems(files: DeployFiles): string[] {
  const want = files.kubernetesFiles.filter((f) => !NOT_APPLIED.includes(f));
  const missing = want.filter((f) => !files.kustomizationResources.includes(f)).map((f) => `kubernetes: ${f} is not in kustomization.yaml`);
  const extra = files.kustomizationResources.filter((f) => !want.includes(f)).map((f) => `kubernetes: kustomization.yaml lists ${f}, which is not a manifest here`);
  return [...missing, ...extra];
}

function ingressProblems(objects: YamlMap[]): string[] {
  return objects.filter((o) => o.kind === 'Ingress').flatMap((ingress) => {
    const backends = (JSON.stringify(ingress).match(/"service":\{"name":"[^"]*","port":\{"number":\d+/g) ?? []);
    return backends.filter((b) => {
      const [, name, port] = /"name":"([^"]*)","port":\{"number":(\d+)/.exec(b) ?? [];
      return !objects.some((o) => o.kind === 'Service' && dig(o, 'metadata.name') === name && asList(dig(o, 'spec.ports')).some((p) => asNumber(dig(p, 'port')) === Number(port)));
    }).map((b) => `kubernetes: the Ingress's backend ${b} is no Service port`);
  });
}

export function objectProblems(files: DeployFiles, configs: Map<RoleSpec, Config>): string[] {
  const problems = [...secretProblems(files), ...kustomizationProblems(files), ...ingressProblems(files.objects)];
  for (const [spec, config] of configs) {
    if (spec.source !== 'kubernetes') continue;
    problems.push(...serviceProblems(spec, config, files.objects), ...budgetProblems(spec, files.objects), ...podSecurityProblems(spec, config, files.objects));
  }
  return problems;
}
