// Runs the integration test files whose outcome depends on the database: those that import
// test/support/database.ts, directly or through a fixture. `npm test` runs every test on one
// database; CI runs it on PostgreSQL, then this on PGlite, so a file that never opens a database
// (unit tests, the process tests that spawn the shop on PGlite whatever DATABASE_URL says) is not
// run a second time for nothing. The import graph comes from esbuild's metafile, so a new test
// file is classified without anyone keeping a list. `node scripts/test-database.mjs [--list]`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as esbuild from 'esbuild';

const DIR = 'test/integration';
const DATABASE_MODULE = 'test/support/database.ts';

async function databaseTestFiles() {
  const entryPoints = readdirSync(DIR)
    .filter((name) => name.endsWith('.test.ts') || name.endsWith('.test.tsx'))
    .map((name) => `${DIR}/${name}`);
  const { metafile } = await esbuild.build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    outdir: 'dist.test-graph',
    logLevel: 'silent',
  });
  return Object.values(metafile.outputs)
    .filter((output) => output.entryPoint && DATABASE_MODULE in output.inputs)
    .map((output) => output.entryPoint)
    .sort();
}

const files = await databaseTestFiles();
if (files.length === 0) {
  console.error(`no integration test imports ${DATABASE_MODULE}: refusing to run nothing`);
  process.exit(1);
}
if (process.argv.includes('--list')) {
  console.log(files.join('\n'));
  process.exit(0);
}
console.log(`${files.length} integration test files open a database${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (PGlite)'}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
