import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorHostsOf } from '../../api/ops/operator-access.ts';
import { ensureOpsTokenFile, OpsTokenFileError, readOpsTokenFile } from '../../api/ops/ops-token-file.ts';
import { parseConfig } from '../../shared/config.ts';

/** The operator token's file (issue 17): made private, shared by the API processes, read by `npm run ops`. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-ops-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the operator token file', () => {
  it('is made with mode 0600 in a folder made for it, and read back by the command line', async () => {
    const file = path.join(dir, 'new', 'ops-token');
    const token = await ensureOpsTokenFile(file);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await readOpsTokenFile(file)).toBe(token);
  });

  it('is kept across starts, and two processes starting at once end with one token', async () => {
    const file = path.join(dir, 'shared-token');
    const [first, second] = await Promise.all([ensureOpsTokenFile(file), ensureOpsTokenFile(file)]);
    expect(second).toBe(first);
    expect(await ensureOpsTokenFile(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('is replaced when others could read it, or it holds no token; the command line refuses such a file', async () => {
    const file = path.join(dir, 'loose-token');
    writeFileSync(file, 'x'.repeat(43));
    chmodSync(file, 0o644);
    await expect(readOpsTokenFile(file)).rejects.toThrow(OpsTokenFileError);
    const token = await ensureOpsTokenFile(file);
    expect(token).not.toBe('x'.repeat(43));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const junk = path.join(dir, 'junk-token');
    writeFileSync(junk, 'short\n', { mode: 0o600 });
    expect(await ensureOpsTokenFile(junk)).not.toBe('short');
  });

  it('never follows a link planted where the file goes', async () => {
    const target = path.join(dir, 'elsewhere');
    writeFileSync(target, 'y'.repeat(43), { mode: 0o600 });
    const file = path.join(dir, 'linked-token');
    symlinkSync(target, file);
    const token = await ensureOpsTokenFile(file);
    expect(token).not.toBe('y'.repeat(43));
    expect(readFileSync(target, 'utf8')).toBe('y'.repeat(43));
  });

  it('says to start the shop when there is none yet', async () => {
    await expect(readOpsTokenFile(path.join(dir, 'absent'))).rejects.toThrow(/start the shop first/);
  });
});

describe('operator settings', () => {
  const config = (env: Record<string, string>) => {
    const result = parseConfig(env);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    return result.config;
  };

  it('keeps the token in DATA_DIR/ops-token unless OPS_TOKEN_FILE says otherwise; none with DATA_DIR=memory://', () => {
    expect(config({}).OPS_TOKEN_FILE).toBe('./data/ops-token');
    expect(config({ DATA_DIR: '/data/' }).OPS_TOKEN_FILE).toBe('/data/ops-token');
    expect(config({ OPS_TOKEN_FILE: '/run/oshibox/token' }).OPS_TOKEN_FILE).toBe('/run/oshibox/token');
    expect(config({ DATA_DIR: 'memory://' }).OPS_TOKEN_FILE).toBeUndefined();
    expect(parseConfig({ OPS_TOKEN: 'short' }).ok).toBe(false);
    expect(parseConfig({ OPS_TOKEN: `${'a'.repeat(32)} b` }).ok).toBe(false);
  });

  it('names the API by API_ORIGIN and by a HOST that is neither a wildcard nor loopback', () => {
    expect(operatorHostsOf(config({}))).toEqual(['127.0.0.1:3001']);
    expect(operatorHostsOf(config({ HOST: '0.0.0.0', API_ORIGIN: 'http://api.internal:3001' }))).toEqual(['api.internal:3001']);
    expect(operatorHostsOf(config({ HOST: 'fd00::5', API_PORT: '4001' }))).toEqual(['127.0.0.1:4001', '[fd00::5]:4001']);
    expect(operatorHostsOf(config({ HOST: 'Shop-API', API_ORIGIN: 'http://Shop-API' }))).toEqual(['shop-api', 'shop-api:3001']);
  });
});
