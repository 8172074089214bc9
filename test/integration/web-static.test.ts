import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { entryModuleOf } from '../support/page-assets.ts';
import { startStack, type Stack } from '../support/stack.ts';

/** Static files: served by name from start-up listings, hashed assets precompressed at build (issue 11). */
let stack: Stack;
let entry: string;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const page = await request(stack.web).get('/faq');
  entry = entryModuleOf(page.text);
});
afterAll(() => stack.close());

/** The bytes as sent (supertest would decompress them), with the response headers. */
function raw(path: string, acceptEncoding = 'identity'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${stack.webUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('a page request', () => {
  it('never touches the filesystem; a public file does', async () => {
    const stat = vi.spyOn(fs, 'stat');
    try {
      await request(stack.web).get('/faq').expect(200);
      await request(stack.web).get('/no/such/page').expect(404);
      expect(stat).not.toHaveBeenCalled();
      await request(stack.web).get('/favicon.svg').expect(200);
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });
});

describe('hashed assets', () => {
  it('sends the brotli file to a client that accepts it, gzip to one that accepts only gzip, else the file', async () => {
    const plain = await raw(entry);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await raw(entry, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(zlibBrotli(br.body), plain.body)).toBe(0);

    const gz = await raw(entry, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(zlibGunzip(gz.body), plain.body)).toBe(0);

    const refused = await raw(entry, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('an unknown asset is the 404 page, and a precompressed file is not served under its own name', async () => {
    await request(stack.web).get('/assets/nothing.js').expect(404);
    const res = await raw('/assets/nothing.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect((await raw(`${entry}.br`)).status).toBe(404);
  });
});

function zlibBrotli(body: Buffer): Buffer {
  return zlib.brotliDecompressSync(body);
}
function zlibGunzip(body: Buffer): Buffer {
  return zlib.gunzipSync(body);
}

describe('pages', () => {
  it('are compressed as they stream: brotli, else gzip, else none, with Vary: Accept-Encoding', async () => {
    const plain = await raw('/faq');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const html = plain.body.toString('utf8');
    expect(html).toContain('</html>');

    const br = await raw('/faq', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    // Two renders of a page are the same bytes (no per-request nonce: decision 0041).
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(html);

    const gz = await raw('/no/such/page', 'gzip');
    expect(gz.status).toBe(404);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toContain('ページが見つかりません');
  });
});
