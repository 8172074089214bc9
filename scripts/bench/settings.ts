/** How long and how hard to measure: a full run, or a quick one while developing. */
export interface Settings {
  quick: boolean;
  /** Seconds per measured round (`BENCH_SECONDS`). */
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  connections: number[];
  /** Requests of the RSS soak, and how many of them the client abandons mid-response. */
  soakRequests: number;
  soakConnections: number;
  soakAbortShare: number;
  /** Sequential requests for the time-to-first-byte figure. */
  ttfbRequests: number;
  lighthouse: boolean;
  /** Lighthouse runs per page (`LIGHTHOUSE_RUNS`); the median run is the figure. */
  lighthouseRuns: number;
}

function numberFrom(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name}=${raw}: expected a number from ${min} to ${max}`);
  return value;
}

export function isQuick(argv: string[] = process.argv): boolean {
  return argv.includes('--quick') || process.env.BENCH_QUICK === '1';
}

export function readSettings(argv: string[] = process.argv): Settings {
  const quick = isQuick(argv);
  return {
    quick,
    seconds: numberFrom('BENCH_SECONDS', quick ? 1 : 5, 1, 30),
    // A cold PGlite page can take over a second: a shorter warm-up may see no response at all.
    warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 3, 0, 10),
    rounds: quick ? 3 : numberFrom('BENCH_ROUNDS', 3, 3, 9),
    connections: [10, 50],
    // Issue 35's figure: 300k requests after a 10k warm-up (100k took about 5 min on this 2-core
    // machine; 10k once stood in for them and read 1.12× where 100k read 1.08×).
    soakRequests: numberFrom('BENCH_SOAK_REQUESTS', quick ? 5_000 : 300_000, 1_000, 1_000_000),
    soakConnections: 50,
    soakAbortShare: 0.05,
    ttfbRequests: quick ? 50 : 300,
    // Lighthouse is slow: in the full run unless BENCH_LIGHTHOUSE=0; quick runs only with =1.
    lighthouse: process.env.BENCH_LIGHTHOUSE === undefined ? !quick : process.env.BENCH_LIGHTHOUSE === '1',
    lighthouseRuns: numberFrom('LIGHTHOUSE_RUNS', 3, 1, 9),
  };
}
