import { execFileSync } from 'node:child_process';

/**
 * Integration and browser tests serve the real client build: make it once per run. CI builds once
 * before its three test steps and says so with TESTS_DIST_BUILT=1 (.ci/run), saving two builds.
 */
export default function buildOnce(): void {
  if (process.env.TESTS_DIST_BUILT === '1') return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
