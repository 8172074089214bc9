import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { ClientManifest } from '../../server/ssr/manifest.server.ts';

export interface BundleSizes {
  /** The content-encoding the shop sent its entry JS with ('identity' when none). */
  encoding: string;
  /** Bytes on the wire of the entry JS and the chunks it imports statically. */
  shopWire: number;
  shopRaw: number;
  shopFiles: number;
  /** React + ReactDOM + React Router built alone, compressed the same way (encoding and level). */
  frameworkWire: number;
  frameworkRaw: number;
  level: number | null;
}

/** The framework alone: what any page of a React Router data-router app ships at least. */
const FRAMEWORK_ENTRY = `
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const router = createBrowserRouter([{ path: '/', element: createElement('p', null, 'hello') }]);
hydrateRoot(document.getElementById('root'), createElement(RouterProvider, { router }));
`;

const LEVELS: Record<string, number[]> = { br: [4, 5, 6, 7, 8, 9, 10, 11], gzip: [1, 2, 3, 4, 5, 6, 7, 8, 9] };

function compress(encoding: string, bytes: Uint8Array, level: number): number {
  if (encoding === 'br') return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: level } }).length;
  if (encoding === 'gzip') return gzipSync(bytes, { level }).length;
  return bytes.length;
}

/** Bytes as they travel: the body exactly as received, not decoded. */
function fetchWire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`bundle: ${url} answered ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function buildFramework(): Promise<Uint8Array> {
  const result = await esbuild.build({
    stdin: { contents: FRAMEWORK_ENTRY, resolveDir: process.cwd(), sourcefile: 'framework-entry.js', loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    // Same target and comment policy as the shop's client build (scripts/build.mjs).
    target: ['es2022', 'chrome111', 'safari16.4', 'firefox115'],
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    write: false,
    logLevel: 'warning',
  });
  const output = result.outputFiles[0];
  if (!output || result.outputFiles.length !== 1) throw new Error('framework bundle: expected exactly one output file');
  return output.contents;
}

/**
 * The shop's entry payload as its web server sends it, against the framework built alone in
 * this run and compressed with the same encoding at the level that best reproduces the shop's
 * own wire sizes (so a server compressing on the fly at a low level is compared like for like).
 */
export async function measureBundles(webUrl: string, clientDir: string): Promise<BundleSizes> {
  const manifest = JSON.parse(await readFile(path.join(clientDir, 'manifest.json'), 'utf8')) as ClientManifest;
  const files = [manifest.entry.file, ...manifest.entry.imports];
  const raws = await Promise.all(files.map((f) => readFile(path.join(clientDir, f.replace(/^\//, '')))));
  const wires = await Promise.all(files.map((f) => fetchWire(new URL(f, webUrl).toString())));
  const encoding = wires[0]?.encoding ?? 'identity';
  const shopWire = wires.reduce((n, w) => n + w.bytes, 0);
  const framework = await buildFramework();
  let level: number | null = null;
  let best = Infinity;
  for (const candidate of LEVELS[encoding] ?? []) {
    const off = Math.abs(raws.reduce((n, raw) => n + compress(encoding, raw, candidate), 0) - shopWire);
    if (off < best) [best, level] = [off, candidate];
  }
  return {
    encoding,
    shopWire,
    shopRaw: raws.reduce((n, r) => n + r.length, 0),
    shopFiles: files.length,
    frameworkWire: compress(encoding, framework, level ?? 0),
    frameworkRaw: framework.length,
    level,
  };
}
