import { DomainError } from '../http/errors.ts';
import { MESSAGES } from '../../shared/messages.ts';

/**
 * A small semaphore in front of the password hash: each scrypt takes 16 MiB and a thread-pool
 * thread, so a login burst waits in a bounded queue (with a deadline) instead of exhausting
 * memory; past the queue it is refused with 503 BUSY at once.
 */
export interface HashLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

export function createHashLimiter(options: { concurrency: number; queue: number; waitMs: number }): HashLimiter {
  let active = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  function release(): void {
    const next = waiting.shift();
    if (!next) {
      active -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  async function acquire(): Promise<void> {
    if (active < options.concurrency) {
      active += 1;
      return;
    }
    if (waiting.length >= options.queue) throw busy();
    await new Promise<void>((resolve, reject) => {
      const entry = {
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
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
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
