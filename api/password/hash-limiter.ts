import { DomainError } from '../http/errors.ts';
import { MESSAGES } from '../../shared/messages.ts';

/**
 * A small semaphore in front of the password hash: each scrypt takes 16 MiB and a thread-pool
 * thread, so a login burst waits in a bounded queue (with a deadline) instead of exhausting
 * memory; past the queue it is refused with 503 BUSY at once.
 *
 * The queue is fair per client key: one key runs at most `perKey.running` hashes and has at most
 * `perKey.inFlight` admitted (running plus queued); more is refused at once with 429, so one
 * client's burst holds a few places and everyone else's hash still starts (issue 17).
 */
export interface HashLimiter {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

export interface HashLimiterOptions {
  concurrency: number;
  queue: number;
  waitMs: number;
  perKey: { running: number; inFlight: number };
}

interface Waiting {
  key: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

export function createHashLimiter(options: HashLimiterOptions): HashLimiter {
  let active = 0;
  const waiting: Waiting[] = [];
  const running = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, by: number) => {
    const value = (map.get(key) ?? 0) + by;
    if (value > 0) map.set(key, value);
    else map.delete(key);
  };
  const mayStart = (key: string) => active < options.concurrency && (running.get(key) ?? 0) < options.perKey.running;
  const begin = (key: string) => {
    active += 1;
    add(running, key, 1);
  };

  /** Starts the longest-waiting entries whose key has room, while slots are free. */
  function startWaiting(): void {
    for (let i = 0; i < waiting.length && active < options.concurrency; ) {
      const entry = waiting[i]!;
      if (!mayStart(entry.key)) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      clearTimeout(entry.timer);
      begin(entry.key);
      entry.start();
    }
  }

  async function acquire(key: string): Promise<void> {
    if (mayStart(key)) return begin(key);
    if (waiting.length >= options.queue) throw busy();
    await new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        key,
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(busy());
        }, options.waitMs),
      };
      waiting.push(entry);
    });
  }

  return {
    async run(key, task) {
      if ((inFlight.get(key) ?? 0) >= options.perKey.inFlight) throw tooMany();
      add(inFlight, key, 1);
      try {
        await acquire(key);
      } catch (error) {
        add(inFlight, key, -1);
        throw error;
      }
      try {
        return await task();
      } finally {
        add(inFlight, key, -1);
        active -= 1;
        add(running, key, -1);
        startWaiting();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

function busy(): DomainError {
  return new DomainError(503, 'BUSY', MESSAGES.busy);
}

/** The client's own burst: it is told to wait and retry, like the throttles tell it. */
function tooMany(): DomainError {
  return new DomainError(429, 'RATE_LIMITED', MESSAGES.retryLater);
}
