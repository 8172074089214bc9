import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The operator token when OPS_TOKEN is not set: the API makes one and keeps it in a file only its
 * user may read (mode 0600, default `${DATA_DIR}/ops-token`); `npm run ops` reads the same file.
 * Reading the file is as much access as reading the embedded database beside it, no more.
 */
const TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

export class OpsTokenFileError extends Error {}

/** The token in the file if it is a private regular file holding one; undefined otherwise. */
async function readPrivateToken(file: string): Promise<string | undefined> {
  const stat = await lstat(file).catch(() => undefined);
  // Group or world readable: the token may have been read by anyone, so it is replaced.
  if (!stat?.isFile() || (stat.mode & 0o077) !== 0) return undefined;
  const token = (await readFile(file, 'utf8').catch(() => '')).trim(); // another user's file reads as none
  return TOKEN.test(token) ? token : undefined;
}

/**
 * The API's side: the file's token if there is a good one (several API processes share it), else a
 * new one. A first start links the file into place (of two processes starting at once, one wins and
 * the other reads its token); a file found unfit (readable by others, not a token) is replaced.
 */
export async function ensureOpsTokenFile(file: string): Promise<string> {
  const existing = await readPrivateToken(file);
  if (existing) return existing;
  const unfit = (await lstat(file).catch(() => undefined)) !== undefined;
  const token = randomBytes(32).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written beside it with 0600 from the first byte: never readable half-made or by others.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${token}\n`);
    await handle.close();
    if (unfit) await rename(temporary, file);
    else await link(temporary, file);
    return token;
  } catch (error) {
    const other = error instanceof Error && 'code' in error && error.code === 'EEXIST' ? await readPrivateToken(file) : undefined;
    if (other) return other;
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
  }
}

/** The command line's side: the token, or an error that says how to get one. */
export async function readOpsTokenFile(file: string): Promise<string> {
  const stat = await lstat(file).catch(() => undefined);
  if (!stat) throw new OpsTokenFileError(`no operator token at ${file}: start the shop first (it writes that file), or set OPS_TOKEN (or OPS_TOKEN_FILE) as the shop has it`);
  const token = await readPrivateToken(file);
  if (!token) throw new OpsTokenFileError(`${file} is not a private file (mode 0600) holding an operator token that this user can read: run as the shop's user, or restart the shop to make a new one`);
  return token;
}
