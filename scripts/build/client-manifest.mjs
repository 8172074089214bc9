// Turns esbuild's metafile into the manifest the server reads: for the entry and each page
// module, its hashed file, the chunks it statically imports (transitively) and its CSS.
import path from 'node:path';

function toUrl(file, clientOut) {
  return `/${path.relative(clientOut, file).split(path.sep).join('/')}`;
}

function staticImports(outputs, file, seen = new Set()) {
  for (const imp of outputs[file]?.imports ?? []) {
    if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(outputs, imp.path, seen);
  }
  return seen;
}

export function manifestFromMetafile(metafile, clientOut, entryPoint = 'client/entry.client.tsx') {
  const manifest = { entry: null, pages: {} };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !file.endsWith('.js')) continue;
    const imports = [...staticImports(metafile.outputs, file)];
    const css = [output.cssBundle, ...imports.map((f) => metafile.outputs[f]?.cssBundle)].filter(Boolean);
    const entry = { file: toUrl(file, clientOut), imports: imports.map((f) => toUrl(f, clientOut)), css: css.map((f) => toUrl(f, clientOut)) };
    if (output.entryPoint === entryPoint) manifest.entry = entry;
    else manifest.pages[path.basename(output.entryPoint, '.tsx')] = entry;
  }
  if (!manifest.entry) throw new Error('client build: the entry is missing from the metafile');
  return manifest;
}
