import { SESSION_COOKIE } from '../../../shared/session-cookie.ts';

/** One answer of the shop, or why there was none. */
export interface Answer {
  status: number;
  body: unknown;
  location: string | null;
  replayed: boolean;
}

export interface Failure {
  at: number;
  what: string;
}

/** Where a buyer's attempts are counted: failures of the cluster, and "try again later" answers. */
export interface AttemptLog {
  failures: Failure[];
  /** 429 (a throttle, or one client's burst of password hashes) and 409 IN_PROGRESS, retried. */
  retryLater: number;
}

export interface Send {
  json?: unknown;
  form?: string;
  headers?: Record<string, string>;
}

/** A shopper's browser, as far as the JSON API goes: the session cookie it keeps, one request at a time. */
export interface BuyerClient {
  cookie(): string;
  /** One attempt: the answer, or the error's name (network error, TimeoutError). `path` may be a full URL (a redirect's). */
  send(method: string, path: string, init?: Send): Promise<Answer | string>;
}

/** What a shopper's request waits at most (as scripts/soak/clients.ts). */
const REQUEST_LIMIT_MS = 15_000;

function errorName(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return cause instanceof Error ? cause.name : 'unknown';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createBuyerClient(baseUrl: string): BuyerClient {
  let cookie = '';
  return {
    cookie: () => cookie,
    async send(method, path, init = {}) {
      const controller = new AbortController();
      // A plain timer, not AbortSignal.timeout (see scripts/soak/clients.ts).
      const limit = setTimeout(() => controller.abort(new DOMException('request limit passed', 'TimeoutError')), REQUEST_LIMIT_MS);
      const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...init.headers };
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const body = init.json !== undefined ? JSON.stringify(init.json) : init.form;
      try {
        const url = /^https?:/.test(path) ? path : `${baseUrl}${path}`;
        const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: controller.signal });
        const set = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
        if (set) cookie = set.split(';')[0] ?? '';
        const answer = { status: response.status, body: await readBody(response), location: response.headers.get('location'), replayed: response.headers.get('idempotent-replayed') === 'true' };
        return answer;
      } catch (error) {
        return errorName(error);
      } finally {
        clearTimeout(limit);
      }
    },
  };
}

/** The API's error code of an answer (shared/api/errors.ts), if it has one. */
export function codeOf(answer: Answer): string | null {
  const body = answer.body;
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : null;
}

/** A failure of the cluster rather than an answer: no answer, a 5xx, or a Host the copy did not expect (421). */
export function isFailure(answer: Answer | string): boolean {
  return typeof answer === 'string' || answer.status >= 500 || answer.status === 421;
}

/**
 * An answer that says "try again shortly": a 429 (all the buyers share one client address, so
 * their sign-ups' password hashes can meet the per-client limit, api/password/hash-limiter.ts) or
 * 409 IN_PROGRESS (the same checkout still running). Retried, counted, not a failure.
 */
export function isRetryLater(answer: Answer | string): boolean {
  return typeof answer !== 'string' && (answer.status === 429 || (answer.status === 409 && codeOf(answer) === 'IN_PROGRESS'));
}

const MAX_ATTEMPTS = 20;
/**
 * No new attempt after this long. A checkout whose copy was killed mid-way leaves its key claimed:
 * retries with it hear 409 IN_PROGRESS until the claim counts as abandoned (45 s,
 * api/user-plan/idempotency.ts) and is settled, so the budget must outlast that.
 */
const RETRY_BUDGET_MS = 90_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Attempted {
  answer: Answer | null;
  attempts: number;
  /** An earlier attempt failed: what it did may have happened, so a refusal now may be its echo. */
  failedBefore: boolean;
  lastError: string | null;
}

/**
 * Sends until an answer that is neither a failure nor "try again later", at most MAX_ATTEMPTS
 * times and RETRY_BUDGET_MS, with a growing, jittered backoff (0.25 s doubling to 4 s: a killed
 * copy, a PostgreSQL restart). Every failed attempt goes to `log.failures` with its time.
 */
export async function sendWithRetries(label: string, log: AttemptLog, attempt: () => Promise<Answer | string>): Promise<Attempted> {
  let failedBefore = false;
  let lastError: string | null = null;
  const giveUpAt = Date.now() + RETRY_BUDGET_MS;
  for (let i = 1; ; i++) {
    const answer = await attempt();
    const failed = isFailure(answer);
    const later = isRetryLater(answer);
    if (failed) log.failures.push({ at: Date.now(), what: `${label}: ${typeof answer === 'string' ? answer : answer.status}` });
    if (later) log.retryLater += 1;
    if (!failed && !later) return { answer: typeof answer === 'string' ? null : answer, attempts: i, failedBefore, lastError };
    failedBefore ||= failed;
    lastError = typeof answer === 'string' ? answer : `${answer.status}${later && answer.status === 409 ? ' IN_PROGRESS' : ''}`;
    if (i >= MAX_ATTEMPTS || Date.now() > giveUpAt) return { answer: typeof answer === 'string' ? null : answer, attempts: i, failedBefore, lastError };
    await sleep(Math.min(4000, 250 * 2 ** (i - 1)) * (0.75 + Math.random() / 2));
  }
}
