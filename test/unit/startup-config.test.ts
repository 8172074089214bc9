import { describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../shared/config.ts';
import { listeningPorts, startupProblems } from '../../shared/startup-config.ts';

/** What refuses a start from the configuration alone, by role (shared/startup-config.ts). */
function config(env: Record<string, string>): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

const ALL = ['api', 'web', 'admin'] as const;

describe('start-up configuration', () => {
  it('passes the defaults in every role', () => {
    for (const tiers of [[...ALL], ['web'], ['api'], ['admin']] as const) expect(startupProblems(config({}), [...tiers])).toEqual([]);
  });

  it('names both settings that share a port', () => {
    expect(startupProblems(config({ PORT: '3000', ADMIN_PORT: '3000' }), [...ALL])).toEqual(['ADMIN_PORT and PORT are both 3000: give each its own port']);
    expect(startupProblems(config({ METRICS_PORT: '3001' }), [...ALL])).toEqual(['METRICS_PORT and API_PORT are both 3001: give each its own port']);
  });

  it('compares only the ports the role listens on, and never port 0 (any free port) or metrics off', () => {
    // Split tiers in their own containers commonly use one port number each.
    expect(startupProblems(config({ PORT: '3000', API_PORT: '3000', ADMIN_PORT: '3000' }), ['web'])).toEqual([]);
    expect(startupProblems(config({ PORT: '0', API_PORT: '0', ADMIN_PORT: '0', METRICS_PORT: '0' }), [...ALL])).toEqual([]);
    expect(listeningPorts(config({ METRICS_PORT: '0' }), ['api'])).toEqual([{ setting: 'API_PORT', port: 3001 }]);
  });

  it('requires STAFF_SECRET_KEY in production with DATABASE_URL, in the roles that run the API', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop' };
    expect(startupProblems(config(env), ['api'])).toEqual(['STAFF_SECRET_KEY: required in production with DATABASE_URL (32 bytes in base64: openssl rand -base64 32)']);
    expect(startupProblems(config(env), [...ALL])).toHaveLength(1);
    expect(startupProblems(config(env), ['web', 'admin'])).toEqual([]);
    expect(startupProblems(config({ ...env, STAFF_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }), ['api'])).toEqual([]);
  });
});
