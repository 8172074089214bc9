import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDeployFiles } from '../../scripts/deploy/check-files.ts';

/**
 * Checks (a) and (b) of scripts/deploy-steps.sh over deploy/compose.yaml and deploy/kubernetes/,
 * without starting anything, so `npm test` catches a setting, probe or timing that drifts from
 * what the shop reads and serves. Each drift below is made on a copy and must be named.
 */
const ROOT = path.join(import.meta.dirname, '../..');
const copies: string[] = [];

function copyWith(file: string, from: string | RegExp, to: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'oshibox-deploy-files-'));
  copies.push(root);
  cpSync(path.join(ROOT, 'deploy'), path.join(root, 'deploy'), { recursive: true });
  cpSync(path.join(ROOT, 'Dockerfile'), path.join(root, 'Dockerfile'));
  const target = path.join(root, 'deploy', file);
  const text = readFileSync(target, 'utf8');
  const changed = text.replace(from, to);
  expect(changed, `${String(from)} is in ${file}`).not.toBe(text);
  writeFileSync(target, changed);
  return root;
}

afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true });
});

describe('the deployment files', () => {
  it('give every role settings the shop parses, probes on what it serves and a grace period above its shutdown', () => {
    const check = checkDeployFiles(ROOT);
    expect(check.problems).toEqual([]);
    expect([...check.configs.keys()].map((s) => `${s.source} ${s.role} x${s.replicas}`).sort()).toEqual([
      'compose admin x1', 'compose api x2', 'compose web x2', 'kubernetes admin x1', 'kubernetes api x2', 'kubernetes web x2',
    ]);
  });

  const drifts: [string, string, string | RegExp, string, string][] = [
    ['a grace period under the shutdown timeout', 'compose.yaml', 'stop_grace_period: 30s', 'stop_grace_period: 20s', 'grace 20 s is not above'],
    ['a setting the shop does not know', 'compose.yaml', 'LOG_LEVEL: info', 'LOG_LEVEL: info\n  SHUTDOWN_DELAY: "5000"', 'SHUTDOWN_DELAY is not a setting'],
    ['a value the shop refuses', 'kubernetes/configmap.yaml', 'TRUST_PROXY: uniquelocal', 'TRUST_PROXY: "true"', 'TRUST_PROXY'],
    ['an API that refuses the Host its callers send', 'compose.yaml', 'ALLOWED_HOSTS: haproxy:8081', 'ALLOWED_HOSTS: haproxy:9999', 'does not answer Host haproxy:8081'],
    ['readiness on the liveness path', 'kubernetes/api.yaml', 'path: /readyz', 'path: /healthz', 'readiness probe asks /healthz'],
    ['a probe on another port', 'kubernetes/web.yaml', 'containerPort: 3000', 'containerPort: 3001', 'not the role\'s 3000'],
    ['a drain delay shorter than readiness notices', 'kubernetes/configmap.yaml', 'SHUTDOWN_DELAY_MS: "5000"', 'SHUTDOWN_DELAY_MS: "1000"', 'below the readiness probe'],
    ['a healthcheck naming another role', 'compose.yaml', '"dist/healthcheck.js", "web"', '"dist/healthcheck.js", "api"', 'compose web: healthcheck'],
    ['an API that trusts loopback alone (every shopper one client behind HAProxy)', 'compose.yaml', 'ALLOWED_HOSTS: haproxy:8081', 'ALLOWED_HOSTS: haproxy:8081\n      TRUST_PROXY: loopback', 'compose api: TRUST_PROXY is the default loopback: the web tier'],
    ['a cluster whose API trusts loopback alone', 'kubernetes/configmap.yaml', 'TRUST_PROXY: uniquelocal', 'TRUST_PROXY: loopback', 'kubernetes oshibox-api: TRUST_PROXY is the default loopback: the web tier'],
    ['a Secret applied with the manifests', 'kubernetes/kustomization.yaml', '  - ingress.yaml', '  - ingress.yaml\n  - secret.example.yaml', 'a Secret (oshibox-secrets) is applied'],
  ];
  it('name a drain delay shorter than HAProxy takes to mark a copy down', () => {
    const root = copyWith('compose.yaml', 'SHUTDOWN_DELAY_MS: "5000"', 'SHUTDOWN_DELAY_MS: "3000"');
    mkdirSync(path.join(root, 'deploy', 'haproxy'), { recursive: true });
    writeFileSync(path.join(root, 'deploy', 'haproxy', 'haproxy.cfg'), '# inter 1s fall 1 (a comment)\ndefaults\n    default-server inter 2s fall 3 rise 2\n');
    expect(checkDeployFiles(root).problems.join('\n')).toContain('SHUTDOWN_DELAY_MS 3000 is below HAProxy\'s check: period x failures = 6000 ms');
  });

  it.each(drifts)('name %s', (_what, file, from, to, problem) => {
    const check = checkDeployFiles(copyWith(file, from, to));
    expect(check.problems.join('\n')).toContain(problem);
  });
});
