import { parseConfig, type Config } from '../shared/config.ts';
import type { Tier } from '../shared/production-warnings.ts';
import { startupProblems } from '../shared/startup-config.ts';

/**
 * Reads the environment once at boot; every bad key is reported, then the process exits. With
 * `tiers` (the shop's own start), the rules that depend on what the process serves too.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, tiers: Tier[] = []): Config {
  const result = parseConfig(env);
  const problems = result.ok ? startupProblems(result.config, tiers) : result.problems;
  if (result.ok && problems.length === 0) return result.config;
  console.error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
