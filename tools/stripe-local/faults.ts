/**
 * Test faults: answer late after doing the work (`delayNext`, a timeout where Stripe did the
 * work), hold a request before the work (`delayNext` with `beforeWork`: its idempotency key is in
 * use meanwhile), or fail before doing it (`failNext`).
 */
interface Rule {
  pathPrefix: string;
  count: number;
  ms: number;
  beforeWork: boolean;
}

export interface Delay {
  ms: number;
  beforeWork: boolean;
}

export class Faults {
  private delays: Rule[] = [];
  private failures: Rule[] = [];

  delayNext(pathPrefix: string, ms: number, count = 1, beforeWork = false): void {
    this.delays.push({ pathPrefix, ms: Math.min(Math.max(ms, 0), 120_000), count: Math.min(Math.max(count, 1), 1_000), beforeWork });
  }

  failNext(pathPrefix: string, count = 1): void {
    this.failures.push({ pathPrefix, ms: 0, count: Math.min(Math.max(count, 1), 1_000), beforeWork: false });
  }

  /** The delay for this request, if a rule matches; uses up one of the rule's count. */
  takeDelay(path: string): Delay | null {
    const rule = take(this.delays, path);
    return rule ? { ms: rule.ms, beforeWork: rule.beforeWork } : null;
  }

  takeFailure(path: string): boolean {
    return take(this.failures, path) !== null;
  }

  clear(): void {
    this.delays = [];
    this.failures = [];
  }
}

function take(rules: Rule[], path: string): Rule | null {
  const rule = rules.find((r) => r.count > 0 && path.startsWith(r.pathPrefix));
  if (!rule) return null;
  rule.count -= 1;
  if (rule.count === 0) rules.splice(rules.indexOf(rule), 1);
  return rule;
}
