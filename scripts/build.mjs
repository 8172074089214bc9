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

async function pageEntries() {
  const files = await readdir('client/routes');
  return files.filter((f) => f.endsWith('.tsx')).map((f) => `client/routes/${f}`);
}

async function buildClient() {
  const result = await esbuild.build({
    entryPoints: ['client/entry.client.tsx', ...(await pageEntries())],
    outdir: path.join(clientOut, 'assets'),
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
  const manifest = manifestFromMetafile(result.metafile, clientOut);
  await writeFile(path.join(clientOut, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await cp('client/public', path.join(clientOut, 'public'), { recursive: true });
  if (!dev) await precompressDir(path.join(clientOut, 'assets'));
  if (process.env.METAFILE_OUT) await writeFile(process.env.METAFILE_OUT, JSON.stringify(result.metafile));
  return result.metafile;
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
  await Promise.all([buildClient(), buildServer()]);
  await swapIntoPlace();
} catch (error) {
  await rm(outRoot, { recursive: true, force: true });
  throw error;
}
console.log(`built ${dev ? 'development' : 'production'} bundles in ${Date.now() - started} ms`);
