import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../shared/config.ts';
import {
  apiHostProblems, configOf, delayProblems, graceProblems, healthcheckProblems, metricsProblems, probeProblems, settingProblems,
} from './check-roles.ts';
import { objectProblems } from './check-objects.ts';
import { DEPLOY_DIR, imageEnv, readDeployFiles, type DeployFiles, type RoleSpec } from './deploy-files.ts';
import { asList, asMap, asText, type YamlMap } from './yaml-values.ts';

/**
 * Checks (a) and (b) of scripts/deploy-steps.sh over every deployment file, without starting
 * anything: test/unit/deploy-files.test.ts runs them too, so `npm test` catches drift.
 */
export interface DeployCheck {
  files: DeployFiles;
  image: Record<string, string>;
  /** Each role's settings as the shop parses them (roles whose settings fail are left out). */
  configs: Map<RoleSpec, Config>;
  problems: string[];
}

/** The copies each source must run (issue 22): two of api and web, one console. */
const REPLICAS: Record<string, number> = { api: 2, web: 2, admin: 1 };

function sourceProblems(source: RoleSpec['source'], configs: Map<RoleSpec, Config>): string[] {
  const specs = [...configs.keys()].filter((s) => s.source === source);
  const problems = Object.entries(REPLICAS).flatMap(([role, want]) => {
    const found = specs.filter((s) => s.role === role);
    if (found.length !== 1) return [`${source}: ${found.length} places run role ${role}, expected 1`];
    return found[0]!.replicas === want ? [] : [`${source} ${found[0]!.name}: ${found[0]!.replicas} replicas, expected ${want}`];
  });
  const api = specs.find((s) => s.role === 'api');
  const apiConfig = api && configs.get(api);
  if (!apiConfig) return problems;
  for (const caller of specs.filter((s) => s.role === 'web' || s.role === 'admin')) {
    problems.push(...apiHostProblems(caller, configs.get(caller)!, apiConfig));
    if (configs.get(caller)!.PUBLIC_ORIGIN !== apiConfig.PUBLIC_ORIGIN) problems.push(`${source} ${caller.name}: PUBLIC_ORIGIN differs from the API's`);
  }
  return problems;
}

/**
 * HAProxy (deploy/haproxy/haproxy.cfg, when present) takes a copy out after `fall` failed checks
 * `inter` apart (HAProxy's defaults: 2 s, 3); the drain delay must cover that. Read loosely: the
 * first `inter` and `fall` outside comments (the `default-server` line).
 */
function haproxyProblems(root: string, configs: Map<RoleSpec, Config>): string[] {
  const file = path.join(root, DEPLOY_DIR, 'haproxy', 'haproxy.cfg');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8').replace(/#.*$/gm, '');
  const inter = /\binter\s+(\d+)(ms|s)?\b/.exec(text);
  const seconds = inter ? Number(inter[1]) / (inter[2] === 'ms' ? 1000 : 1) : 2;
  const fall = Number(/\bfall\s+(\d+)/.exec(text)?.[1] ?? 3);
  return [...configs].filter(([s]) => s.source === 'compose')
    .flatMap(([s, c]) => delayProblems(`compose ${s.name}`, c, seconds, fall, 'HAProxy\'s check'));
}

function composeProxyProblems(services: YamlMap): string[] {
  const haproxy = services.haproxy;
  if (!haproxy) return ['compose: no haproxy service'];
  const published = asList(asMap(haproxy).ports).map((p) => asText(p) ?? '');
  return published.some((p) => /(^|:)8081(:|$)/.test(p)) ? ['compose haproxy: publishes 8081, the internal API frontend'] : [];
}

export function checkDeployFiles(root: string): DeployCheck {
  const files = readDeployFiles(root, (dir) => readdirSync(dir));
  const image = imageEnv(root);
  const configs = new Map<RoleSpec, Config>();
  const problems = [...files.problems];
  for (const spec of files.roles) {
    const { config, problems: found } = configOf(spec, image);
    problems.push(...found);
    if (!config) continue;
    configs.set(spec, config);
    problems.push(...settingProblems(spec, config), ...graceProblems(spec, config));
    if (spec.source === 'compose') problems.push(...healthcheckProblems(spec));
    else problems.push(...probeProblems(spec, config), ...metricsProblems(spec, config));
  }
  problems.push(...sourceProblems('compose', configs), ...sourceProblems('kubernetes', configs));
  problems.push(...objectProblems(files, configs), ...haproxyProblems(root, configs), ...composeProxyProblems(files.composeServices));
  return { files, image, configs, problems };
}
