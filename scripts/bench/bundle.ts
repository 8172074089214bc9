import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { ClientManifest } from '../../server/ssr/manifest.server.ts';

export interface BundleSizes {
  /** gzip -9 bytes of the shop's entry JS and the chunks it imports statically. */
  shopGzip: number;
  shopRaw: number;
  shopFiles: string[];
  /** gzip -9 bytes of React + ReactDOM client + React Router hydrating a one-route router. */
  frameworkGzip: number;
  frameworkRaw: number;
}

const gzipSize = (bytes: Uint8Array): number => gzipSync(bytes, { level: 9 }).length;

/** The framework alone: what any page of a React Router data-router app ships at least. */
const FRAMEWORK_ENTRY = `
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';

const router = createBrowserRouter([{ path: '/', element: createElement('p', null, 'hello') }]);
hydrateRoot(document.getElementById('root'), createElement(RouterProvider, { router }));
`;

async function shopSizes(clientDir: string): Promise<Pick<BundleSizes, 'shopGzip' | 'shopRaw' | 'shopFiles'>> {
  const manifest = JSON.parse(await readFile(path.join(clientDir, 'manifest.json'), 'utf8')) as ClientManifest;
  const files = [manifest.entry.file, ...manifest.entry.imports];
  let shopGzip = 0;
  let shopRaw = 0;
  for (const file of files) {
    const bytes = await readFile(path.join(clientDir, file));
    shopRaw += bytes.length;
    shopGzip += gzipSize(bytes); // each file travels (and is compressed) on its own
  }
  return { shopGzip, shopRaw, shopFiles: files };
}

async function frameworkSizes(): Promise<Pick<BundleSizes, 'frameworkGzip' | 'frameworkRaw'>> {
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
  return { frameworkGzip: gzipSize(output.contents), frameworkRaw: output.contents.length };
}

export async function measureBundles(clientDir: string): Promise<BundleSizes> {
  const [shop, framework] = await Promise.all([shopSizes(clientDir), frameworkSizes()]);
  return { ...shop, ...framework };
}
