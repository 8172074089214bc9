import autocannon from 'autocannon';

/** One autocannon run, reduced to what the report shows. */
export interface Sample {
  url: string;
  connections: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  bytesPerResponse: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by status code, e.g. { '200': 1234, '502': 1 }. */
  statuses: Record<string, number>;
}

/** autocannon 8 reports counts per status code; @types/autocannon does not declare them. */
type WithStatusStats = autocannon.Result & { statusCodeStats?: Record<string, { count: number }> };

function countsByStatus(stats: Record<string, { count: number }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [code, stat] of Object.entries(stats)) counts[code] = stat.count;
  return counts;
}

/** Load runs only ever target the benchmark's own servers on loopback. */
function assertLoopback(url: string): void {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback URL: ${url}`);
}

export async function runLoad(url: string, connections: number, seconds: number): Promise<Sample> {
  assertLoopback(url);
  const result = await autocannon({
    url,
    method: 'GET',
    connections,
    duration: seconds,
    timeout: 10,
    headers: { accept: 'text/html,application/json' },
  });
  const stats = (result as WithStatusStats).statusCodeStats ?? {};
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    url,
    connections,
    seconds,
    reqPerSec: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: responses,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: countsByStatus(stats),
  };
}

/** Any connection error, timeout or non-2xx answer makes the whole benchmark invalid. */
export function problemsOf(sample: Sample, label: string): string[] {
  const problems: string[] = [];
  if (sample.requests === 0) problems.push(`${label}: no responses at all`);
  if (sample.errors > 0) problems.push(`${label}: ${sample.errors} connection errors (${sample.timeouts} timeouts)`);
  if (sample.non2xx > 0) problems.push(`${label}: ${sample.non2xx} non-2xx responses (by status: ${JSON.stringify(sample.statuses)})`);
  return problems;
}

export interface Aggregate {
  rounds: Sample[];
  reqPerSec: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  errors: number;
  non2xx: number;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

/** The mean over rounds of each figure; errors and non-2xx are summed. */
export function aggregate(rounds: Sample[]): Aggregate {
  return {
    rounds,
    reqPerSec: mean(rounds.map((r) => r.reqPerSec)),
    p50: mean(rounds.map((r) => r.p50)),
    p99: mean(rounds.map((r) => r.p99)),
    bytesPerResponse: mean(rounds.map((r) => r.bytesPerResponse)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
  };
}
