import { AsyncLocalStorage } from 'node:async_hooks';

/** The call did not finish in time: the caller treats it as "in doubt" and looks the key up later. */
export class StripeDeadlineError extends Error {
  constructor(ms: number) {
    super(`stripe: no answer within ${ms} ms`);
    this.name = 'StripeDeadlineError';
  }
}

/** The deadline of the provider call under way (epoch ms) and its whole length, for the HTTP layer below. */
export interface StripeCallDeadline {
  endsAt: number;
  ms: number;
}

const deadlines = new AsyncLocalStorage<StripeCallDeadline>();

/**
 * The deadline of the call this code runs in, if any: the paced HTTP client (stripe-pacing.ts)
 * waits for a slot, or backs off after a 429, only while it leaves time for the answer.
 */
export const currentStripeDeadline = (): StripeCallDeadline | undefined => deadlines.getStore();

/**
 * One deadline for a whole provider call, whatever the library's retries do. Work left running
 * after it is harmless: every write carries an idempotency key.
 */
export async function withStripeDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StripeDeadlineError(ms)), ms);
  });
  const outer = deadlines.getStore();
  const deadline = { endsAt: Math.min(Date.now() + ms, outer?.endsAt ?? Infinity), ms };
  try {
    return await Promise.race([deadlines.run(deadline, work), late]);
  } finally {
    clearTimeout(timer);
  }
}
