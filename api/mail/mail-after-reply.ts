import type { ServerResponse } from 'node:http';
import type { ApiContext } from '../context.ts';
import type { Mailer } from './mailer.ts';

/**
 * Mail work that runs after the reply has gone (issue 17, decision 0004): the reply to a code
 * request must not wait on it, or its timing tells whether an account exists. A send is tried
 * again after 2 s and 10 s (codes live 30 minutes); a mail still not sent is logged. The work
 * lives in this process: one that dies mid-send loses it, and the user asks again.
 */
const RETRY_DELAYS_MS = [2_000, 10_000] as const;
/** After a failed send, code requests are refused (503, to everyone alike) for this long. */
const DOWN_MS = 30_000;

const pending = new Set<Promise<void>>();
const downUntil = new WeakMap<Mailer, number>();

/**
 * Resolves once the reply is with the OS and the event loop has been through one poll phase
 * since. In role `all` the web tier's /api proxy runs on this event loop: it reads and relays the
 * reply in that poll phase. Work started any earlier (one `setImmediate` runs before the poll
 * phase) held the relay back by the time the work took, longer where an account exists: 9–23 ms
 * more on the web port for a code mailed to a known address (issue 29, scripts/bench/mail-timing.ts).
 */
export function afterRelay(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const pastNextPoll = () => setImmediate(() => setImmediate(resolve));
    if (res.writableFinished || res.destroyed) return pastNextPoll();
    res.once('finish', pastNextPoll);
    res.once('close', pastNextPoll);
  });
}

/** Runs `work` once the reply `res` is out (`afterRelay`); its failure is logged, never thrown at anyone. */
export function runAfterReply(ctx: Pick<ApiContext, 'logger'>, res: ServerResponse, what: string, work: () => Promise<void>): void {
  const job = afterRelay(res)
    .then(work)
    .catch((error: unknown) => {
      ctx.logger.error({ work: what, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail work failed after the reply');
    })
    .finally(() => pending.delete(job));
  pending.add(job);
}

/** Sends with retries; each failure marks the mail server down for a while. */
export async function sendWithRetries(mailer: Mailer, send: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await send();
      downUntil.delete(mailer);
      return;
    } catch (error) {
      downUntil.set(mailer, Date.now() + DOWN_MS);
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}

/** Whether the last send through this mailer failed within the last 30 s. */
export function isMailDown(mailer: Mailer): boolean {
  return (downUntil.get(mailer) ?? 0) > Date.now();
}

/** Waits for the mail work under way (shutdown), at most `ms`. */
export async function settleMailWork(ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([...pending]), deadline]).finally(() => clearTimeout(timer));
}
