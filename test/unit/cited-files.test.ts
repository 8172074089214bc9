import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A comment or document that sends the reader somewhere names a file of this repository: the
 * owner's design notes live outside it, so citing them leaves a reader with nothing to open.
 */
const ROOT = join(import.meta.dirname, '../..');
const TREES = ['shared', 'server', 'api', 'client', 'scripts', 'test', 'docs'];
const SOURCE = /\.(ts|tsx|mjs|css|md)$/;

function listFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const files = [...TREES.flatMap(listFiles), 'README.md'].filter((f) => f !== 'docs/spec.md' && !f.endsWith('cited-files.test.ts'));

describe('cited files', () => {
  it('never cite the design notes that are not in the repository', () => {
    const outside = files.filter((f) => /\b(DESIGN|STYLE)\.md\b|(?<!docs\/)\bspec §/i.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('cite only docs that exist', () => {
    const missing = files.flatMap((f) => {
      const cited = readFileSync(join(ROOT, f), 'utf8').match(/\bdocs\/[\w./-]+\.md\b/g) ?? [];
      return cited.filter((path) => !existsSync(join(ROOT, path))).map((path) => `${f} → ${path}`);
    });
    expect(missing).toEqual([]);
  });
});
