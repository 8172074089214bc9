export interface SoakTally {
  requests: number;
  aborted: number;
  failed: number;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
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

function errorCode(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return cause instanceof Error ? cause.name : 'unknown';
}

/** Keep-alive browsing loops (global fetch) over random paths until the time is up. */
export async function runClients(options: ClientOptions): Promise<SoakTally> {
  const end = Date.now() + options.seconds * 1000;
  const tally: SoakTally = { requests: 0, aborted: 0, failed: 0, statuses: {}, errors: {}, p50Ms: 0, p99Ms: 0, maxMs: 0 };
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
      try {
        const response = await fetch(`${options.baseUrl}${path}`, { redirect: 'manual', signal });
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
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
      } finally {
        clearTimeout(limit);
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, browse));
  latencies.sort((a, b) => a - b);
  tally.p50Ms = latencies[Math.floor(latencies.length * 0.5)] ?? 0;
  tally.p99Ms = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  tally.maxMs = latencies.at(-1) ?? 0;
  return tally;
}
