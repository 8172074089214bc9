// Builds the browser bundle (code-split per page, minified, content-hashed, with a manifest the
// server reads) and the server bundle (dist/main.js). `node scripts/build.mjs [--dev] [--out=dir]`
// (--out: another folder than dist/, e.g. the development build the browser tests check).
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { serverOnlyGuard } from './build/server-only-guard.mjs';
import { manifestFromMetafile } from './build/client-manifest.mjs';
import { precompressDir } from './build/precompress.mjs';

const dev = process.argv.includes('--dev');
const finalRoot = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length) || 'dist';
// Built beside dist/ and swapped in at the end, so a server or test reading dist/ never sees a
// half-written build, even while another build runs.
const outRoot = `${finalRoot}.building-${process.pid}`;
const clientOut = path.join(outRoot, 'client');
const started = Date.now();

async function pageEntries(dir = 'client/routes') {
  const files = await readdir(dir);
  return files.filter((f) => f.endsWith('.tsx')).map((f) => `${dir}/${f}`);
}

/**
 * One browser app: its entry and page modules, code-split, with the manifest its server reads.
 * The shop (client/entry.client.tsx) and the operator console (client/admin, its entry named
 * `admin`) are built apart, so neither bundle carries the other's code.
 */
async function buildBrowserApp({ entry, entryName, routesDir, out }) {
  const result = await esbuild.build({
    entryPoints: [{ in: entry, out: entryName }, ...(await pageEntries(routesDir))],
    outdir: path.join(out, 'assets'),
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    metafile: true,
    legalComments: 'none',
    plugins: [serverOnlyGuard()],
    logLevel: 'warning',
  });
  const manifest = manifestFromMetafile(result.metafile, out, entry);
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  if (!dev) await precompressDir(path.join(out, 'assets'));
  return result.metafile;
}

async function buildClient() {
  const metafile = await buildBrowserApp({ entry: 'client/entry.client.tsx', entryName: 'entry.client', routesDir: 'client/routes', out: clientOut });
  await cp('client/public', path.join(clientOut, 'public'), { recursive: true });
  if (process.env.METAFILE_OUT) await writeFile(process.env.METAFILE_OUT, JSON.stringify(metafile));
  return metafile;
}

/** The console's bundle in dist/client/admin, served only by the console's listener (server/admin-app.server.ts). */
async function buildAdminClient() {
  const out = path.join(clientOut, 'admin');
  await mkdir(out, { recursive: true });
  await buildBrowserApp({ entry: 'client/admin/entry.client.tsx', entryName: 'admin', routesDir: 'client/admin/routes', out });
}

async function buildServer() {
  await esbuild.build({
    entryPoints: { main: 'server/main.ts', ops: 'scripts/ops.ts', healthcheck: 'server/healthcheck.ts' },
    outdir: outRoot,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    define: { 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    logLevel: 'warning',
  });
}

async function swapIntoPlace() {
  const old = `${finalRoot}.old-${process.pid}`;
  await rename(finalRoot, old).catch(() => {});
  await rename(outRoot, finalRoot);
  await rm(old, { recursive: true, force: true });
}

await rm(outRoot, { recursive: true, force: true });
await mkdir(clientOut, { recursive: true });
try {
  await Promise.all([buildClient(), buildAdminClient(), buildServer()]);
  await swapIntoPlace();
} catch (error) {
  await rm(outRoot, { recursive: true, force: true });
  throw error;
}
console.log(`built ${dev ? 'development' : 'production'} bundles in ${Date.now() - started} ms`);
