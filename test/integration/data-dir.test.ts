import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { LOCK_FILE } from '../../api/db/data-dir-lock.ts';
import { MIGRATIONS } from '../../api/db/migrations/index.ts';

/**
 * The embedded database's folder (issue 29): private to the shop's user, and one process at a
 * time. Each test opens PGlite on a folder of its own, as the shop does at start.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'oshibox-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
function newDataDir(): string {
  count += 1;
  // Under a 0755 parent, as ./data is under a checkout: the folder itself must be made private.
  const parent = path.join(root, `case-${count}`);
  mkdirSync(parent, { mode: 0o755 });
  return path.join(parent, 'data');
}

/** Every folder and file under dir, with its permission bits. */
function modes(dir: string): { file: string; mode: number; isDir: boolean }[] {
  const stat = lstatSync(dir);
  const own = { file: dir, mode: stat.mode & 0o777, isDir: stat.isDirectory() };
  if (!stat.isDirectory()) return [own];
  return [own, ...readdirSync(dir).flatMap((name) => modes(path.join(dir, name)))];
}

function notPrivate(dir: string): string[] {
  return modes(dir)
    .filter(({ mode, isDir }) => mode !== (isDir ? 0o700 : 0o600))
    .map(({ file, mode }) => `${path.relative(dir, file) || '.'} ${mode.toString(8)}`);
}

async function open(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({ dataDir, template: true });
}

/** The pid of a process that has ended: a lock naming it is stale. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  if (!pid) throw new Error('no child pid');
  return pid;
}

describe('DATA_DIR is private to the shop’s user', () => {
  it('a new folder is 0700 and every folder 0700, every file 0600, with the database migrated', async () => {
    const dir = newDataDir();
    const handle = await open(dir);
    try {
      const { rows } = await sql<{ version: number }>`select version from schema_migrations order by version`.execute(handle.db);
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(modes(dir).length).toBeGreaterThan(100);
      expect(notPrivate(dir)).toEqual([]);
    } finally {
      await handle.close();
    }
    expect(notPrivate(dir)).toEqual([]);
  });

  it('an existing world-readable folder (0755, files 0644) is tightened at start, data kept', async () => {
    const dir = newDataDir();
    const first = await open(dir);
    await sql`create table kept (note text)`.execute(first.db);
    await sql`insert into kept values ('still here')`.execute(first.db);
    await first.close();
    for (const { file, isDir } of modes(dir)) chmodSync(file, isDir ? 0o755 : 0o644);
    writeFileSync(path.join(dir, 'ops-token'), 'x'.repeat(43), { mode: 0o644 });
    expect(notPrivate(dir).length).toBeGreaterThan(100);

    const again = await open(dir);
    try {
      expect(notPrivate(dir)).toEqual([]);
      const { rows } = await sql<{ note: string }>`select note from kept`.execute(again.db);
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await again.close();
    }
  });
});

describe('DATA_DIR is open in one process at a time', () => {
  it('a second opener is refused in one line naming the folder and the holder’s pid; after close it opens', async () => {
    const dir = newDataDir();
    const first = await open(dir);
    try {
      const lock = readFileSync(path.join(dir, LOCK_FILE), 'utf8');
      expect(lock.split('\n')[0]).toBe(String(process.pid));
      const refused = await open(dir).then(() => 'opened', (error: Error) => error);
      expect(refused).toBeInstanceOf(Error);
      const message = (refused as Error).message;
      expect(message).toContain(`the embedded database in ${path.resolve(dir)} is open in process ${process.pid}`);
      expect(message).not.toContain('\n');
      expect((refused as Error).name).toBe('StartupError');
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const second = await open(dir);
    await second.close();
  });

  it('a lock whose process is gone (killed) is taken over', async () => {
    const dir = newDataDir();
    mkdirSync(dir, { mode: 0o700 });
    const lockFile = path.join(dir, LOCK_FILE);
    writeFileSync(lockFile, `${deadPid()}\ndist/main.js all\n`, { mode: 0o600 });
    const handle = await open(dir);
    try {
      expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(process.pid));
      await sql`select 1`.execute(handle.db);
    } finally {
      await handle.close();
    }
  });

  it('a lock naming this very pid from an earlier run (a container restarted: pid 1 again) is taken over', async () => {
    const dir = newDataDir();
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\ndist/main.js all\n`, { mode: 0o600 });
    const handle = await open(dir);
    await handle.close();
  });
});
