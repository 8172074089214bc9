/** What to compare and for how long; durations come from the environment, within bounds. */
export interface Target {
  label: string;
  url: string;
}

export interface Pair {
  id: 'ssr' | 'proxy';
  title: string;
  /** The shop's side (A) and the baseline (B); the ratio is A / B. */
  a: Target;
  b: Target;
  ratioName: string;
}

export interface Settings {
  seconds: number;
  warmupSeconds: number;
  rounds: number;
  connections: number[];
}

function seconds(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name}=${raw}: expected a number of seconds from ${min} to ${max}`);
  }
  return value;
}

export function readSettings(): Settings {
  return {
    seconds: seconds('BENCH_SECONDS', 5, 1, 30),
    warmupSeconds: seconds('BENCH_WARMUP_SECONDS', 2, 0, 10),
    rounds: 2,
    connections: [10, 50],
  };
}

/** Upper bound of the whole load phase, with slack for start-up, checks and shutdown. */
export function timeLimitMs(s: Settings, pairs: number): number {
  const measured = pairs * s.connections.length * s.rounds * 2 * s.seconds;
  const warmup = pairs * 2 * s.warmupSeconds;
  return (measured + warmup) * 1000 * 1.5 + 120_000;
}
