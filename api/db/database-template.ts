import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrate } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { PGLITE_START_PARAMS } from './pglite-memory.ts';
import type { DB } from './schema.ts';

/**
 * A new embedded database costs PGlite's initdb (~15 s, more on a busy machine) plus our
 * migrations; unpacking the same database from a tarball takes a few seconds. So a new database is
 * made once on a machine, migrated and never seeded (the demo's dates are the day's), and kept as a
 * template that every later new database starts from (docs/decisions/0050-embedded-data-folder.md).
 * A template is for one PGlite version and one migration list exactly; anything else makes a new one.
 */
const require = createRequire(import.meta.url);
const KEPT_TEMPLATES = 3;

/** `node_modules/.cache/oshibox`, beside the PGlite in use (the usual place for a package's caches). */
function cacheDir(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const modules = entry.slice(0, entry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + '/node_modules'.length);
  return path.join(modules, '.cache', 'oshibox');
}

let key: string | undefined;

/** The PGlite version and every migration's text: a template made under other ones is never used. */
function templateKey(): string {
  if (key) return key;
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  key = createHash('sha256').update(JSON.stringify({ version, MIGRATIONS })).digest('hex').slice(0, 16);
  return key;
}

function templateFile(): string {
  return path.join(cacheDir(), `pglite-template-${templateKey()}.tar`);
}

/** The template for this code, if one has been kept. */
export async function readTemplate(): Promise<Blob | undefined> {
  const bytes = await readFile(templateFile()).catch(() => undefined);
  return bytes ? new Blob([bytes]) : undefined;
}

/**
 * Makes the template: a new in-memory database, migrated, as a tarball (kept for the next time),
 * and the database itself, open, for a caller that wanted one in memory. Made in memory, not from a
 * shop's folder, so it holds PostgreSQL's files only (never a lock, an outbox or a key).
 */
export async function makeTemplate(parsers: PGliteOptions['parsers']): Promise<{ pglite: PGlite; tarball: Blob }> {
  const pglite = await PGlite.create({ parsers, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
  // Not destroyed after: destroying a Kysely over PGlite closes the database the caller receives.
  await migrate(new Kysely<DB>({ dialect: new PGliteDialect(pglite) }));
  // A checkpoint first, so the files hold every change without a log to replay.
  await pglite.exec('checkpoint');
  const tarball = await pglite.dumpDataDir('none');
  await keepTemplate(tarball);
  return { pglite, tarball };
}

/**
 * Best effort: a cache that cannot be written (a read-only image) only means the next new database
 * is made the slow way. Written beside it and renamed in, so a reader never unpacks half a file.
 */
async function keepTemplate(tarball: Blob): Promise<void> {
  const file = templateFile();
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(draft, Buffer.from(await tarball.arrayBuffer()));
    await rename(draft, file);
    await removeOldTemplates();
  } catch {
    await rm(draft, { force: true });
  }
}

/**
 * Templates of other migration lists: a branch with one more migration makes its own, and two
 * checkouts may share node_modules, so the newest few are kept rather than only this one.
 */
async function removeOldTemplates(): Promise<void> {
  const dir = path.dirname(templateFile());
  const names = (await readdir(dir).catch(() => [])).filter((name) => /^pglite-template-[0-9a-f]+\.tar$/.test(name));
  const dated = await Promise.all(names.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name)).catch(() => undefined))?.mtimeMs ?? 0 })));
  const old = dated.sort((a, b) => b.mtime - a.mtime).slice(KEPT_TEMPLATES);
  await Promise.all(old.map(({ name }) => rm(path.join(dir, name), { force: true })));
}

/** Makes the template unless one is kept (a test run's global setup, before files start at once). */
export async function ensureTemplate(parsers: PGliteOptions['parsers'] = {}): Promise<void> {
  if (await access(templateFile()).then(() => true, () => false)) return;
  await (await makeTemplate(parsers)).pglite.close();
}
