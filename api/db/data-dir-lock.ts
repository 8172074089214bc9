import { randomBytes } from 'node:crypto';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from '../../shared/startup-error.ts';

/**
 * PGlite is one process's database: a second process opening the same folder (a `db:migrate`
 * beside a running shop) writes behind the first one's back and can corrupt it. So whoever opens
 * the embedded database holds `DATA_DIR/oshibox.lock`, which names its process; a second opener
 * refuses in one line. A lock whose process is gone (killed, crashed) is taken over.
 */
export const LOCK_FILE = 'oshibox.lock';

export class DataDirInUseError extends StartupError {}

/** Folders this process holds: a lock naming our own pid is stale unless it is in here (in a container the shop is pid 1 at every start). */
const held = new Set<string>();

interface Holder {
  pid: number;
  command: string;
}

function parseHolder(text: string): Holder | undefined {
  const [pidText = '', command = ''] = text.split('\n');
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, command } : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function holdsIt(dir: string, holder: Holder | undefined): holder is Holder {
  if (!holder) return false;
  if (holder.pid === process.pid) return held.has(dir);
  return isAlive(holder.pid);
}

async function readHolder(file: string): Promise<Holder | undefined> {
  return parseHolder(await readFile(file, 'utf8').catch(() => ''));
}

function inUse(dir: string, holder: Holder): DataDirInUseError {
  const who = holder.command ? `process ${holder.pid} (${holder.command})` : `process ${holder.pid}`;
  return new DataDirInUseError(
    `DATA_DIR: the embedded database in ${dir} is open in ${who}; stop it first (one process at a time), ` +
      `or remove ${path.join(dir, LOCK_FILE)} if no such process is the shop`,
  );
}

/**
 * Takes the folder's lock or throws DataDirInUseError naming the holder. The lock file is written
 * whole beside it, then linked into place: link fails if a lock exists, so of two openers one wins.
 * A stale lock is renamed aside first, which only one of two takers can do; if what was moved is
 * not the stale lock that was read (a third opener took it meanwhile), it is put back.
 */
export async function lockDataDir(dir: string, command: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  const mine = `${process.pid}\n${command}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, mine, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await linkLock(draft, file)) {
        held.add(dir);
        return () => unlockDataDir(dir, file, mine);
      }
      const holder = await readHolder(file);
      if (holdsIt(dir, holder)) throw inUse(dir, holder);
      await moveStaleAside(file, holder, draft);
    }
    throw new DataDirInUseError(`DATA_DIR: could not take ${file}: other processes keep taking it`);
  } finally {
    await rm(draft, { force: true });
  }
}

async function linkLock(draft: string, file: string): Promise<boolean> {
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return false;
    throw error;
  }
}

async function moveStaleAside(file: string, stale: Holder | undefined, draft: string): Promise<void> {
  const aside = `${draft}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return; // another taker moved it
    throw error;
  }
  const moved = await readHolder(aside);
  if (stale && moved && moved.pid !== stale.pid) await linkLock(aside, file);
  await rm(aside, { force: true });
}

async function unlockDataDir(dir: string, file: string, mine: string): Promise<void> {
  held.delete(dir);
  // Only our own lock: after a takeover (we were thought dead) the file is someone else's.
  if ((await readFile(file, 'utf8').catch(() => '')) === mine) await rm(file, { force: true });
}
