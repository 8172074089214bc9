import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database's folder holds password hashes and customers' addresses: only the shop's
 * user may read it (docs/decisions/0050-embedded-data-folder.md). PostgreSQL makes its own files
 * 0600, but PGlite unpacks the initial database with the process umask (0644, directories 0755).
 */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** Creates the folder (and any missing parent) for this user only. */
export async function createPrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
}

/**
 * Takes group and other access off every folder and file under `dir`, itself included; symbolic
 * links are left as they are (chmod would follow them out of the folder). Returns what it changed.
 * A file owned by someone else (EPERM) is reported, not fatal: the shop still runs.
 */
export async function tightenDataDir(dir: string, onForeign: (file: string) => void = () => undefined): Promise<number> {
  const stat = await lstat(dir);
  let changed = 0;
  if (stat.isDirectory()) {
    for (const name of await readdir(dir)) changed += await tightenDataDir(path.join(dir, name), onForeign);
  }
  if ((!stat.isDirectory() && !stat.isFile()) || (stat.mode & 0o077) === 0) return changed;
  try {
    await chmod(dir, stat.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE);
    return changed + 1;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EPERM')) throw error;
    onForeign(dir);
    return changed;
  }
}
