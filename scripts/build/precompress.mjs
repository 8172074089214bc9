// Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible build asset, once at
// build time, so the web tier sends compressed assets without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function precompressFile(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip(raw, { level: 9 }),
  ]);
  // A variant that saves little is not worth a second file and a Vary.
  if (gz.length > raw.length * 0.9) return { raw: raw.length, sent: raw.length };
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { raw: raw.length, sent: br.length };
}

export async function precompressDir(dir) {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  const sizes = await Promise.all(names.map((name) => precompressFile(path.join(dir, name))));
  return sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, sent: sum.sent + s.sent }), { raw: 0, sent: 0 });
}
