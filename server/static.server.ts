import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/** The files of a folder (not its subfolders), by URL path: listed once at start-up. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * The public files (favicon, touch icon, Open Graph images) served at the root. Only the names
 * listed at start-up reach `express.static`, so a page request never touches the filesystem
 * (issue 11: a `stat` per page was 15 % of SSR time in a profile).
 */
export function publicFiles(dir: string): RequestHandler {
  const names = new Set(listFiles(dir).map((name) => `/${name}`));
  const serve = express.static(dir, { maxAge: '1d', index: false });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

type Encoding = 'br' | 'gzip';

/** The encodings a client accepts (a q=0 refuses one), for choosing a precompressed file. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (token && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(token);
  }
  return accepted;
}

/**
 * Hashed build assets, immutable for a year. The build writes `.br` and `.gz` beside each
 * compressible file (scripts/build.mjs); the smallest one the client accepts is sent with
 * `Content-Encoding` and `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export function hashedAssets(dir: string): RequestHandler {
  const files = new Set(listFiles(dir));
  const variants = new Map<string, Encoding[]>();
  for (const name of files) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const encodings: Encoding[] = [];
    if (files.has(`${name}.br`)) encodings.push('br');
    if (files.has(`${name}.gz`)) encodings.push('gzip');
    variants.set(`/${name}`, encodings);
  }
  const options = { maxAge: '1y', immutable: true, dotfiles: 'deny' } as const;
  return (req, res, next) => {
    const encodings = variants.get(req.path);
    if (!encodings || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const name = req.path.slice(1);
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const encoding = encodings.find((e) => accepted.has(e));
    if (encodings.length > 0) res.vary('Accept-Encoding');
    res.type(path.extname(name));
    if (encoding) res.set('content-encoding', encoding);
    const file = encoding ? `${name}.${encoding === 'br' ? 'br' : 'gz'}` : name;
    res.sendFile(file, { ...options, root: dir }, (error?: Error & { status?: number }) => {
      if (!error || res.headersSent) return;
      res.removeHeader('content-encoding');
      next(error.status === 404 ? undefined : error);
    });
  };
}
