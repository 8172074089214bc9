import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run ops` (scripts/ops-built.mjs) on a checkout with and without its build. */
const run = promisify(execFile);
const checkout = mkdtempSync(path.join(tmpdir(), 'oshibox-ops-built-'));
mkdirSync(path.join(checkout, 'scripts'));
copyFileSync('scripts/ops-built.mjs', path.join(checkout, 'scripts/ops-built.mjs'));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

const ops = (...args: string[]) => run(process.execPath, ['scripts/ops-built.mjs', ...args], { cwd: checkout })
  .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));

describe('npm run ops', () => {
  it('says to build first when dist/ops.js is missing (a fresh clone), and exits 1', async () => {
    expect(await ops('billing')).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('npm run build') });
  });

  it('runs dist/ops.js with the arguments given, and its exit status', async () => {
    mkdirSync(path.join(checkout, 'dist'));
    writeFileSync(path.join(checkout, 'dist/ops.js'), 'console.log(JSON.stringify(process.argv.slice(2)));\nprocess.exitCode = 3;\n');
    expect(await ops('shipments', 'export', '--round', '7', '--out', 'round.csv')).toMatchObject({ code: 3, stdout: '["shipments","export","--round","7","--out","round.csv"]\n' });
  });
});
