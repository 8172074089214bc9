import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DevBuild {
  /** The browser bundle, built as `npm run dev` builds it (React's development warnings on). */
  clientDir: string;
  remove(): void;
}

/**
 * `npm run dev`'s bundles in a temporary folder of their own: dist/ keeps the production build
 * that build-once.ts made for every other test file.
 */
export function buildDevelopment(): DevBuild {
  const root = mkdtempSync(path.join(os.tmpdir(), 'oshibox-dev-build-'));
  const out = path.join(root, 'dist');
  execFileSync(process.execPath, ['scripts/build.mjs', '--dev', `--out=${out}`], { stdio: 'inherit' });
  return { clientDir: path.join(out, 'client'), remove: () => rmSync(root, { recursive: true, force: true }) };
}
