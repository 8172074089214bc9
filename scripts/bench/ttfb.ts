import http from 'node:http';
import { spreadOf } from './load.ts';

export interface TtfbResult {
  path: string;
  requests: number;
  /** Milliseconds to the response's first byte (status line and headers) and to its last. */
  firstByteP50: number;
  fullP50: number;
}

function timeOne(url: URL, agent: http.Agent): Promise<{ first: number; full: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { agent, headers: { accept: 'text/html' } }, (res) => {
      const first = performance.now() - start;
      if (res.statusCode !== 200) reject(new Error(`TTFB ${url.pathname}: status ${res.statusCode}`));
      res.resume();
      res.on('end', () => resolve({ first, full: performance.now() - start }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Sequential requests on one keep-alive connection, so each figure is the page's own latency
 * rather than queueing: does the shell leave before the loaders' data has all arrived?
 */
export async function measureTtfb(baseUrl: string, path: string, requests: number): Promise<TtfbResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(path, baseUrl);
  const first: number[] = [];
  const full: number[] = [];
  try {
    for (let i = 0; i < requests + 10; i++) {
      const t = await timeOne(url, agent);
      if (i < 10) continue; // warm-up
      first.push(t.first);
      full.push(t.full);
    }
  } finally {
    agent.destroy();
  }
  return { path, requests, firstByteP50: spreadOf(first).median, fullP50: spreadOf(full).median };
}
