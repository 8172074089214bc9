import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the client build wrote (scripts/build.mjs): hashed files per entry and per page module. */
export interface AssetEntry {
  file: string;
  /** Chunks this file imports statically, transitively: preloaded together. */
  imports: string[];
  css: string[];
}

export interface ClientManifest {
  entry: AssetEntry;
  pages: Record<string, AssetEntry>;
}

export function readManifest(clientDir: string): ClientManifest {
  const file = path.join(clientDir, 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ClientManifest;
  } catch (error) {
    throw new Error(`No client build at ${file}: run "npm run build" first.`, { cause: error });
  }
}

export interface PageAssets {
  entryModule: string;
  preloads: string[];
  styles: string[];
}

/** The entry script, the chunks to modulepreload and the stylesheets for the matched pages. */
export function assetsFor(manifest: ClientManifest, pageModules: string[]): PageAssets {
  const entries = [manifest.entry, ...pageModules.map((m) => manifest.pages[m]).filter((e) => e !== undefined)];
  const preloads = new Set<string>();
  const styles = new Set<string>();
  for (const e of entries) {
    for (const f of [e.file, ...e.imports]) if (f !== manifest.entry.file) preloads.add(f);
    for (const c of e.css) styles.add(c);
  }
  return { entryModule: manifest.entry.file, preloads: [...preloads], styles: [...styles] };
}
