import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build helper without type declarations
import { serverOnlyGuard } from '../../scripts/build/server-only-guard.mjs';

/** The browser build must refuse server-only code (`*.server.ts` files; esbuild would inline them otherwise). */
function bundle(source: string): Promise<unknown> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guard-'));
  writeFileSync(path.join(dir, 'secret.server.ts'), 'export const SECRET = process.env.DATABASE_URL;');
  const entry = path.join(dir, 'entry.ts');
  writeFileSync(entry, source);
  return esbuild.build({ entryPoints: [entry], bundle: true, write: false, platform: 'browser', logLevel: 'silent', plugins: [serverOnlyGuard()] });
}

describe('the browser build guard', () => {
  it('fails when a *.server module is imported', async () => {
    await expect(bundle("import { SECRET } from './secret.server.ts'; console.log(SECRET);")).rejects.toThrow(/\*\.server module/);
  });

  it.each(['pg', 'kysely', 'node:fs', 'pino'])('fails when %s is imported', async (pkg) => {
    await expect(bundle(`import * as m from '${pkg}'; console.log(m);`)).rejects.toThrow(/must not be in the browser bundle/);
  });

  it('fails when the API service is imported', async () => {
    const apiFile = path.resolve('api/http/schemas.ts');
    await expect(bundle(`import * as m from ${JSON.stringify(apiFile)}; console.log(m);`)).rejects.toThrow(/API service/);
  });

  it('lets shared code through', async () => {
    const shared = path.resolve('shared/money.ts');
    await expect(bundle(`import { withTax } from ${JSON.stringify(shared)}; console.log(withTax(1));`)).resolves.toBeTruthy();
  });
});
