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

/** Runs `work` after the current reply; its failure is logged, never thrown at anyone. */
export function runAfterReply(ctx: ApiContext, what: string, work: () => Promise<void>): void {
  const job = new Promise<void>((resolve) => setImmediate(resolve))
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
