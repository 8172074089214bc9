import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
  /** The server closed the connection (false: the reader gave up at its deadline). */
  closedByServer: boolean;
}

/**
 * Sends bytes exactly as given (a malformed Host, a method fetch refuses, a broken encoding) and
 * reads until the server closes. Requests should carry `Connection: close`.
 */
export function rawRequest(baseUrl: string, bytes: string | Buffer, timeoutMs = 5000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      // A server may answer early and close while a large body is still being written (EPIPE):
      // what it answered is the result.
      if (chunks.length > 0) resolve(parseResponse(Buffer.concat(chunks).toString('latin1'), !timedOut));
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks).toString('latin1'), !timedOut));
    });
    socket.write(bytes);
  });
}

function parseResponse(raw: string, closedByServer: boolean): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = split === -1 ? '' : raw.slice(split + 4);
  const bytes = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
  const body = Buffer.from(bytes, 'latin1').toString('utf8');
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, raw, closedByServer };
}

function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(text.slice(at, lineEnd), 16);
    if (!size) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** A GET (or another method) with the given Host line; `null` leaves Host out. */
export function requestBytes(method: string, path: string, host: string | null, extra: string[] = []): string {
  const lines = [`${method} ${path} HTTP/1.1`, ...(host === null ? [] : [`Host: ${host}`]), ...extra, 'Connection: close', '', ''];
  return lines.join('\r\n');
}
