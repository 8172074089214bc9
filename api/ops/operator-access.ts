import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { OperatorAccess } from './ops-guard.ts';
import { ensureOpsTokenFile } from './ops-token-file.ts';

/** The API's own names from its settings: API_ORIGIN's host, and HOST at API_PORT unless it is a wildcard or loopback. */
export function operatorHostsOf(config: Pick<Config, 'HOST' | 'API_PORT' | 'API_ORIGIN'>): string[] {
  const hosts = [new URL(config.API_ORIGIN).host];
  const host = config.HOST.toLowerCase();
  if (!['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'].includes(host)) {
    hosts.push(`${host.includes(':') ? `[${host}]` : host}:${config.API_PORT}`);
  }
  return hosts;
}

/**
 * The operator endpoint's token: OPS_TOKEN, or the one kept in OPS_TOKEN_FILE (made at the first
 * start). The log names the file, never the token. A file that cannot be written leaves the
 * endpoint closed (with DATABASE_URL, `npm run ops` works on PostgreSQL directly anyway).
 */
export async function operatorAccessOf(config: Config, logger: Logger): Promise<OperatorAccess> {
  const hosts = operatorHostsOf(config);
  if (config.OPS_TOKEN) return { token: config.OPS_TOKEN, hosts };
  if (!config.OPS_TOKEN_FILE) {
    logger.info('operator endpoint /ops closed: DATA_DIR is in memory; set OPS_TOKEN (or OPS_TOKEN_FILE) to open it');
    return { token: undefined, hosts };
  }
  try {
    const token = await ensureOpsTokenFile(config.OPS_TOKEN_FILE);
    logger.info({ file: config.OPS_TOKEN_FILE }, 'operator token kept in this file (npm run ops reads it)');
    return { token, hosts };
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
    logger.warn({ file: config.OPS_TOKEN_FILE, reason }, 'cannot write the operator token file: the operator endpoint /ops is closed (set OPS_TOKEN, or OPS_TOKEN_FILE to a writable path)');
    return { token: undefined, hosts };
  }
}
