import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { sendPageResult } from '../page-cache/send-page.server.ts';

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

/** A render whose shell failed: logged, and a short 500 in both languages. */
export function sendShellFailure(res: ServerResponse, logger: Logger, error: unknown): void {
  logger.error({ err: error }, 'SSR shell failed');
  res.statusCode = 500;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('サーバーエラーが発生しました。/ Server error.');
}

/**
 * A page rendered whole and sent as one body with its length (sendPageResult: compressed as the
 * browser takes it), not streamed: for a page that suspends nowhere, streaming sent nothing
 * sooner and wrote the same bytes in React's chunks (about seven socket writes for a 13 KB page,
 * framed as chunked) where this makes one (issue 35). Every boundary in place, as the shared cache
 * keeps pages, so nothing changes without JavaScript. A part that errored makes it a 500.
 */
export async function sendWholePage(
  req: IncomingMessage,
  res: ServerResponse,
  element: ReactElement,
  answer: { status: number; headers: Record<string, string> },
  abortAfterMs: number,
  logger: Logger,
): Promise<void> {
  let rendered: { html: Buffer; failed: boolean };
  try {
    rendered = await renderToBuffer(element, abortAfterMs, (error) => logger.error({ err: error }, 'SSR render error'));
  } catch (error) {
    sendShellFailure(res, logger, error);
    return;
  }
  sendPageResult(req, res, { status: rendered.failed ? 500 : answer.status, headers: answer.headers, body: rendered.html, cacheable: false, setsCookie: false });
}
