import autocannon from 'autocannon';

/** One autocannon run, reduced to what the report shows. */
export interface Sample {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  bytesPerResponse: number;
  /** Set only by a warm-up that met non-2xx answers: what they were. */
  non2xx: string | null;
}

/** A figure over rounds: the median, with the spread the rounds showed. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/** autocannon 8 reports counts per status code; @types/autocannon does not declare them. */
type WithStatusStats = autocannon.Result & { statusCodeStats?: Record<string, { count: number }> };

/** Load runs only ever target the benchmark's own servers on loopback. */
function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback URL: ${url}`);
}

/**
 * Runs autocannon against one target. Any connection error, timeout or non-2xx answer throws:
 * a benchmark of error pages measures nothing. A warm-up (`tolerateNon2xx`) only warms the
 * process: its non-2xx answers are handed back for the report instead of ending the run.
 */
export async function runLoad(target: Target, connections: number, seconds: number, tolerateNon2xx = false): Promise<Sample> {
  assertLoopback(target.url);
  const result = await autocannon({
    url: target.url,
    method: 'GET',
    connections,
    duration: seconds,
    timeout: 10,
    // No accept-encoding: both sides send the same uncompressed bytes (compression is figure 5's).
    headers: { accept: 'text/html,application/json', ...target.headers },
  });
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const where = `${target.label} ${target.url} c=${connections}`;
  if (responses === 0) throw new Error(`${where}: no responses at all`);
  if (result.errors > 0) throw new Error(`${where}: ${result.errors} connection errors (${result.timeouts} timeouts)`);
  const byStatus = Object.entries((result as WithStatusStats).statusCodeStats ?? {}).map(([code, s]) => `${code}: ${s.count}`);
  const non2xx = result.non2xx > 0 ? `${result.non2xx} of ${responses} answers not 2xx (${byStatus.join(', ')})` : null;
  if (non2xx && !tolerateNon2xx) throw new Error(`${where}: ${non2xx}`);
  return {
    non2xx,
    reqPerSec: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: responses,
    bytesPerResponse: result.throughput.total / responses,
  };
}

export function spreadOf(values: number[]): Spread {
  if (values.length === 0) throw new Error('spreadOf: no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (i: number): number => sorted[i] ?? Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return { median, min: at(0), max: at(sorted.length - 1) };
}
