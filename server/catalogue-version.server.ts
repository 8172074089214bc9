import type { Logger } from 'pino';
import { z } from 'zod';

export interface CatalogueVersionOptions {
  /** The API's origin (API_ORIGIN): the poll goes to it directly, not through the /api proxy. */
  apiOrigin: string;
  /** Pause between the end of one poll and the start of the next (CATALOGUE_POLL_MS). */
  intervalMs: number;
  /** Each poll's deadline, its answer included. */
  timeoutMs: number;
  logger: Logger;
  /** Called with the new version each time it differs from the last one seen; never for the first. */
  onChange(version: string): void;
}

export interface CatalogueVersionWatch {
  /** The last version read, or null until the first poll has answered. */
  current(): string | null;
  /** Ends the polling (the drain): no poll starts after it, one under way is aborted. */
  stop(): void;
}

/** A failed poll is logged at most this often: a dead API must not fill the log at 1 line a second. */
const FAILURE_LOG_EVERY_MS = 60_000;
/** The answer is a few bytes; anything far bigger is not the API's. */
const MAX_ANSWER_BYTES = 256;
const AnswerSchema = z.strictObject({ version: z.string().regex(/^\d{1,20}$/) });

/**
 * Polls GET /api/catalogue/version (api/catalogue/catalogue.router.ts) so this web copy learns of
 * a catalogue change within about `intervalMs`, whichever copy or command made it. Polls never
 * overlap: the next is scheduled when the previous has ended. A failed poll keeps the last version
 * (a page cache keeps serving what it has rather than dropping it because the API blinked).
 * The timer is unref'd: the watch alone never keeps the process alive.
 */
export function watchCatalogueVersion(options: CatalogueVersionOptions): CatalogueVersionWatch {
  let version: string | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: AbortController | null = null;
  const failures = failureLog(options.logger);

  const poll = async (): Promise<void> => {
    timer = null;
    inFlight = new AbortController();
    try {
      const seen = await readVersion(options.apiOrigin, options.timeoutMs, inFlight);
      failures.recovered();
      const previous = version;
      version = seen;
      if (previous !== null && previous !== seen && !stopped) notify(options, seen);
    } catch (error) {
      if (!stopped) failures.failed(error);
    } finally {
      inFlight = null;
      if (!stopped) timer = setTimeout(() => void poll(), options.intervalMs).unref();
    }
  };
  void poll();

  return {
    current: () => version,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      inFlight?.abort();
    },
  };
}

function notify(options: CatalogueVersionOptions, seen: string): void {
  try {
    options.onChange(seen);
  } catch (error) {
    options.logger.error({ version: seen, reason: reasonOf(error) }, 'catalogue version: onChange failed');
  }
}

/**
 * One GET with its own deadline. A plain timer and controller rather than AbortSignal.timeout, so
 * stop() can abort the same signal (server/request-deadline.server.ts says why not
 * AbortSignal.any on Node 20).
 */
async function readVersion(apiOrigin: string, timeoutMs: number, controller: AbortController): Promise<string> {
  const deadline = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs).unref();
  try {
    const response = await fetch(`${apiOrigin}/api/catalogue/version`, { headers: { accept: 'application/json' }, signal: controller.signal });
    const length = Number(response.headers.get('content-length') ?? MAX_ANSWER_BYTES);
    if (!response.ok || length > MAX_ANSWER_BYTES) {
      await response.body?.cancel();
      throw new Error(`answered ${response.status} (${length} bytes)`);
    }
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error(`answered ${text.length} characters`);
    return AnswerSchema.parse(JSON.parse(text)).version;
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * Logs the first failure, then at most one line a minute with the count since; after a logged
 * failure, one line when the API answers again (so a flapping API still writes two lines a minute at most).
 */
function failureLog(logger: Logger) {
  let lastWarned = -Infinity;
  let unlogged = 0;
  let warned = false;
  return {
    failed(error: unknown) {
      unlogged += 1;
      if (performance.now() - lastWarned < FAILURE_LOG_EVERY_MS) return;
      logger.warn({ failures: unlogged, reason: reasonOf(error) }, 'catalogue version: poll failed; keeping the last version');
      lastWarned = performance.now();
      unlogged = 0;
      warned = true;
    },
    recovered() {
      if (!warned) return;
      warned = false;
      logger.info({ unloggedFailures: unlogged }, 'catalogue version: the API answers again');
      unlogged = 0;
    },
  };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`.slice(0, 200);
}
