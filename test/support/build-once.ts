import { execFileSync } from 'node:child_process';

/** Integration and browser tests serve the real client build: make it once per run. */
export default function buildOnce(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
