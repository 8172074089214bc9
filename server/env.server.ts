import { parseConfig, type Config } from '../shared/config.ts';

/** Reads the environment once at boot; every bad key is reported, then the process exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = parseConfig(env);
  if (result.ok) return result.config;
  console.error(`Invalid configuration:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
