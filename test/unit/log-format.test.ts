import { describe, expect, it } from 'vitest';
import { logFormatOf, withLogFormat, type LogFormat } from '../../server/log-format.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { parseConfig } from '../../shared/config.ts';

/** Logs in a terminal are short readable lines; anywhere else JSON (server/log-format.server.ts). */
function memoryLogger(format: LogFormat, name = 'api') {
  const lines: string[] = [];
  const logger = createLogger('info', name, withLogFormat(format, { write: (line: string) => void lines.push(line) }));
  return { lines, logger };
}

const CLOCK = /^\d\d:\d\d:\d\d /;

describe('LOG_FORMAT', () => {
  it('is auto by default: short lines in a terminal, JSON into a pipe or file', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.LOG_FORMAT).toBe('auto');
    expect(logFormatOf('auto', true)).toBe('pretty');
    expect(logFormatOf('auto', false)).toBe('json');
  });

  it('json or pretty chooses whatever stdout is', () => {
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(parseConfig({ LOG_FORMAT: 'yaml' }).ok).toBe(false);
  });

  it('json writes pino\'s JSON lines unchanged', () => {
    const { lines, logger } = memoryLogger('json');
    logger.warn({ setting: 'PUBLIC_ORIGIN' }, 'PUBLIC_ORIGIN is this machine');
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 40, name: 'api', setting: 'PUBLIC_ORIGIN', msg: 'PUBLIC_ORIGIN is this machine' });
  });
});

describe('the pretty line', () => {
  it('is time, level, name, message and the other fields (a setting the message opens with only once)', () => {
    const { lines, logger } = memoryLogger('pretty', 'process');
    logger.warn({ setting: 'TRUST_PROXY', port: 3000, hosts: ['a', 'b'], file: '/tmp/a b' }, 'TRUST_PROXY is not set');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(CLOCK);
    expect(lines[0]?.slice(9)).toBe('WARN  process: TRUST_PROXY is not set port=3000 hosts=["a","b"] file="/tmp/a b"\n');
  });

  it('shows secrets as redacted as the JSON line does', () => {
    const { lines, logger } = memoryLogger('pretty');
    logger.info({ password: 'hunter2-SECRET', body: { token: 'tok-SECRET' } }, 'sign-in');
    expect(lines[0]).not.toContain('SECRET');
    expect(lines[0]).toContain('password=[redacted]');
  });

  it('shows an error\'s message, and its stack at level error', () => {
    const { lines, logger } = memoryLogger('pretty');
    logger.error({ err: new Error('connection refused') }, 'billing pass failed');
    expect(lines[0]?.slice(9)).toMatch(/^ERROR api: billing pass failed error="connection refused"\n {4}at /);
  });
});
