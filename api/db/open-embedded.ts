import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { PGLITE_START_PARAMS } from './pglite-memory.ts';
import { makeTemplate, readTemplate } from './database-template.ts';
import { createPrivateDir, tightenDataDir } from './private-data-dir.ts';

export interface EmbeddedOptions {
  /** A folder, or `memory://` (nothing on disk, no lock). */
  dataDir: string;
  parsers: PGliteOptions['parsers'];
  /** A new database starts from the migrated template when one matches (api/db/database-template.ts). */
  template?: boolean;
  /** One line for whoever waits on the slow first start. */
  announce?: (line: string) => void;
  /** A file under the folder that is not this user's, left readable as it is. */
  onForeign?: (file: string) => void;
}

export interface EmbeddedDatabase {
  pglite: PGlite;
  close(): Promise<void>;
}

/** What the lock file says holds the folder: the command line after node, e.g. `dist/main.js all`. */
function describeCommand(): string {
  return process.argv.slice(1).map((arg) => path.relative(process.cwd(), arg) || arg).join(' ').slice(0, 200);
}

/**
 * Opens PGlite on its folder: the folder private to this user (0700, files 0600, an existing one
 * tightened), held by this process alone (api/db/data-dir-lock.ts), and, with `template`, a new
 * database unpacked from the migrated template (made first if none is kept).
 */
export async function openEmbedded(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  if (options.dataDir === 'memory://') {
    const pglite = await openInMemory(options);
    return { pglite, close: () => closePglite(pglite) };
  }
  const dir = path.resolve(options.dataDir);
  await createPrivateDir(dir);
  const unlock = await lockDataDir(dir, describeCommand());
  try {
    // A folder left world-readable by an older shop is closed before anything reads it.
    await tightenDataDir(dir, options.onForeign);
    const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
    const loadDataDir = isNew && options.template ? await templateFor(dir, options) : undefined;
    if (isNew && !loadDataDir) options.announce?.(`creating the embedded database in ${dir} (first start, ~20 s)…`);
    const pglite = await PGlite.create({ dataDir: dir, parsers: options.parsers, loadDataDir, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
    // PGlite unpacks a new database with the process umask (0644): inside a 0700 folder, but private all the same.
    if (isNew) await tightenDataDir(dir, options.onForeign);
    return {
      pglite,
      close: async () => {
        await closePglite(pglite);
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** The tarball a new folder starts from: the kept template, or one made now (the slow first time). */
async function templateFor(dir: string, options: EmbeddedOptions): Promise<Blob> {
  const kept = await readTemplate();
  options.announce?.(`creating the embedded database in ${dir} (first start, ${kept ? 'from the template, a few seconds' : '~20 s'})…`);
  if (kept) return kept;
  const made = await makeTemplate(options.parsers);
  await closePglite(made.pglite);
  return made.tarball;
}

/** In memory (tests): the template unpacked, or, the first time, the very database it was made from. */
async function openInMemory(options: EmbeddedOptions): Promise<PGlite> {
  if (!options.template) return PGlite.create({ parsers: options.parsers, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  const kept = await readTemplate();
  if (kept) return PGlite.create({ parsers: options.parsers, loadDataDir: kept, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  return (await makeTemplate(options.parsers)).pglite;
}

async function closePglite(pglite: PGlite): Promise<void> {
  if (!pglite.closed) await pglite.close();
}
