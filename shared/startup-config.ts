import type { Config } from './config.ts';
import type { Tier } from './production-warnings.ts';

/**
 * What refuses a start from the configuration alone, for a process serving `tiers` (issue 29):
 * checked with the rest of the configuration before anything is opened, so a bad setting never
 * leaves a created, migrated and seeded database behind. Rules that need the role live here;
 * parseConfig has the rest.
 */
export interface ListeningPort {
  setting: 'PORT' | 'API_PORT' | 'ADMIN_PORT' | 'METRICS_PORT';
  port: number;
}

const TIER_PORTS: Record<Tier, ListeningPort['setting']> = { web: 'PORT', api: 'API_PORT', admin: 'ADMIN_PORT' };

/** The ports this process listens on, in start order; METRICS_PORT unless 0 (off). */
export function listeningPorts(c: Config, tiers: Tier[]): ListeningPort[] {
  const ports: ListeningPort[] = (['api', 'web', 'admin'] as const)
    .filter((tier) => tiers.includes(tier))
    .map((tier) => ({ setting: TIER_PORTS[tier], port: c[TIER_PORTS[tier]] }));
  return c.METRICS_PORT === 0 ? ports : [...ports, { setting: 'METRICS_PORT', port: c.METRICS_PORT }];
}

/** Two of this process's settings on one port: the second listen would fail as "in use" by itself. Port 0 is any free port. */
function portClashes(ports: ListeningPort[]): string[] {
  return ports.flatMap((later, i) => {
    const earlier = ports.slice(0, i).find((p) => p.port === later.port && p.port !== 0);
    return earlier ? [`${later.setting} and ${earlier.setting} are both ${later.port}: give each its own port`] : [];
  });
}

/** The database lives apart from the key's only other home (a file beside the embedded database). */
export function staffSecretKeyProblem(c: Pick<Config, 'NODE_ENV' | 'DATABASE_URL' | 'STAFF_SECRET_KEY' | 'STAFF_SECRET_KEY_PREVIOUS'>): string | undefined {
  if (c.STAFF_SECRET_KEY_PREVIOUS && c.STAFF_SECRET_KEY_PREVIOUS === c.STAFF_SECRET_KEY) {
    return 'STAFF_SECRET_KEY_PREVIOUS: the same as STAFF_SECRET_KEY; set it to the key being replaced (or unset it when the rotation is done)';
  }
  if (c.STAFF_SECRET_KEY || c.NODE_ENV !== 'production' || !c.DATABASE_URL) return undefined;
  return 'STAFF_SECRET_KEY: required in production with DATABASE_URL (32 bytes in base64: openssl rand -base64 32)';
}

/** Every problem, one line each, the setting first. */
export function startupProblems(c: Config, tiers: Tier[]): string[] {
  const staffKey = tiers.includes('api') ? staffSecretKeyProblem(c) : undefined;
  return [...portClashes(listeningPorts(c, tiers)), ...(staffKey ? [staffKey] : [])];
}
