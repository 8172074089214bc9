import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { queryOnce } from '../../api/db/connect.ts';
import { checkDeployFiles } from './check-files.ts';
import { startSource } from './start-roles.ts';

/**
 * `tsx scripts/deploy/main.ts [--files-only]`, run by scripts/deploy-steps.sh: (a) and (b) over
 * deploy/compose.yaml and deploy/kubernetes/, then (c) each source's roles started from dist/ on
 * a scratch PostgreSQL database (DEPLOY_ADMIN_URL, default the shared server's `test`). Exits 1
 * on the first stage with problems.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.DEPLOY_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/test';

function printProblems(stage: string, problems: string[]): boolean {
  if (problems.length === 0) return true;
  console.error(`deploy-steps: ${stage}: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return false;
}

async function withScratchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `oshibox_deploy_${randomBytes(5).toString('hex')}`;
  await queryOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

async function main(): Promise<number> {
  const check = checkDeployFiles(repo);
  console.log('--- deploy-steps: (a) settings and (b) probes, grace, objects');
  for (const [spec, config] of check.configs) {
    console.log(`  ${spec.source.padEnd(10)} ${spec.name.padEnd(13)} role ${spec.role.padEnd(5)} x${spec.replicas}  ${Object.keys(spec.env).length} settings parse  grace ${spec.graceSeconds} s > ${config.SHUTDOWN_TIMEOUT_MS + 1000} ms  delay ${config.SHUTDOWN_DELAY_MS} ms`);
  }
  if (!printProblems('the files', check.problems)) return 1;
  console.log('  no problems');
  if (process.argv.includes('--files-only')) return 0;
  const work = mkdtempSync(path.join(os.tmpdir(), 'oshibox-deploy-'));
  let ok = true;
  for (const source of ['compose', 'kubernetes'] as const) {
    console.log(`--- deploy-steps: (c) the ${source} roles started on a scratch database`);
    const report = await withScratchDatabase((url) => startSource(repo, source, check, url, work));
    console.log(report.lines.join('\n'));
    ok = printProblems(`${source} start-up`, report.problems) && ok;
  }
  if (ok) rmSync(work, { recursive: true, force: true });
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`deploy-steps FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    process.exit(1);
  },
);
