import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * Renders a page whole into memory (`onAllReady`: nothing streams, so the bytes are final and can
 * be kept), within `abortAfterMs`. `failed` says a part of the page errored (React rendered its
 * fallback): such a page is answered, never kept.
 */
export function renderToBuffer(element: ReactElement, abortAfterMs: number, onError: (error: unknown) => void): Promise<{ html: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => {
      clearTimeout(timer);
      resolve({ html: Buffer.concat(chunks), failed });
    });
    const stream = renderToPipeableStream(element, {
      // Every boundary in place: a kept page runs no inline script but the loader (decision 0041).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error: unknown) {
        failed = true;
        onError(error);
      },
    });
    const timer = setTimeout(() => stream.abort(), abortAfterMs);
  });
}
