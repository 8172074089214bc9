export interface SoakTally {
  requests: number;
  aborted: number;
  failed: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Every failed request (network error, timeout or 5xx) with its time, the first FAILURE_LIMIT of them. */
  failures: { at: number; what: string }[];
  /** Failures past FAILURE_LIMIT, counted only. */
  failuresDropped: number;
  /** Requests started and failed per wall-clock second (`at`: the second's start, ms). */
  perSecond: { at: number; requests: number; failed: number }[];
}

export interface ClientOptions {
  baseUrl: string;
  paths: string[];
  clients: number;
  seconds: number;
  /** Share of requests whose client reads the first chunk, then hangs up. */
  abortShare: number;
}

const REQUEST_LIMIT_MS = 15_000;
/**
 * Every failure of the longest soak (900 s) at the rate a shop answering 503 at once can be asked
 * (~1,000/s): a PostgreSQL restart alone, with the visitors retrying at once, fails 6,000 in its
 * 5 s window. Past it (a shop broken for longer than any fault), failures are counted only. Their
 * `what` strings are shared, so a kept failure costs about 40 bytes.
 */
const FAILURE_LIMIT = 1_000_000;

const whats = new Map<string, string>();
/** One string per distinct `what` (status and path), so a million failures hold a few hundred strings. */
function shared(what: string): string {
  const known = whats.get(what);
  if (known !== undefined) return known;
  whats.set(what, what);
  return what;
}

function errorCode(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return cause instanceof Error ? cause.name : 'unknown';
}

/** Records one failed request: its time (the cluster soak compares it with the fault windows) and second. */
function recordFailure(tally: SoakTally, seconds: Map<number, { at: number; requests: number; failed: number }>, at: number, what: string): void {
  if (tally.failures.length < FAILURE_LIMIT) tally.failures.push({ at, what: shared(what) });
  else tally.failuresDropped += 1;
  const key = Math.floor(at / 1000);
  const second = seconds.get(key) ?? { at: key * 1000, requests: 0, failed: 0 };
  second.failed += 1;
  seconds.set(key, second);
}

function countRequest(seconds: Map<number, { at: number; requests: number; failed: number }>, at: number): void {
  const key = Math.floor(at / 1000);
  const second = seconds.get(key) ?? { at: key * 1000, requests: 0, failed: 0 };
  second.requests += 1;
  seconds.set(key, second);
}

/** Keep-alive browsing loops (global fetch) over random paths until the time is up. */
export async function runClients(options: ClientOptions): Promise<SoakTally> {
  const end = Date.now() + options.seconds * 1000;
  const tally: SoakTally = { requests: 0, aborted: 0, failed: 0, statuses: {}, errors: {}, p50Ms: 0, p99Ms: 0, maxMs: 0, failures: [], failuresDropped: 0, perSecond: [] };
  const seconds = new Map<number, { at: number; requests: number; failed: number }>();
  const latencies: number[] = [];
  const browse = async (): Promise<void> => {
    while (Date.now() < end) {
      const path = options.paths[Math.floor(Math.random() * options.paths.length)] ?? '/';
      const abortMidway = Math.random() < options.abortShare;
      const controller = new AbortController();
      // A request past the deadline fails as TimeoutError (counted and reported as such). A plain
      // timer: `AbortSignal.any` with `AbortSignal.timeout` can be garbage-collected under load on
      // Node 20 and then never fires (issue 17).
      const limit = setTimeout(() => controller.abort(new DOMException('request limit passed', 'TimeoutError')), REQUEST_LIMIT_MS);
      const signal = controller.signal;
      const started = Date.now();
      tally.requests += 1;
      countRequest(seconds, started);
      try {
        const response = await fetch(`${options.baseUrl}${path}`, { redirect: 'manual', signal });
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
        if (response.status >= 500) recordFailure(tally, seconds, Date.now(), `${response.status} ${path}`);
        if (abortMidway && response.body) {
          await response.body.getReader().read();
          controller.abort();
          tally.aborted += 1;
        } else {
          await response.arrayBuffer();
          latencies.push(Date.now() - started);
        }
      } catch (error) {
        tally.failed += 1;
        const code = errorCode(error);
        tally.errors[code] = (tally.errors[code] ?? 0) + 1;
        recordFailure(tally, seconds, Date.now(), `${code} ${path} after ${Date.now() - started} ms`);
      } finally {
        clearTimeout(limit);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, browse));
  tally.perSecond = [...seconds.values()].sort((a, b) => a.at - b.at);
  latencies.sort((a, b) => a - b);
  tally.p50Ms = latencies[Math.floor(latencies.length * 0.5)] ?? 0;
  tally.p99Ms = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  tally.maxMs = latencies.at(-1) ?? 0;
  return tally;
}
