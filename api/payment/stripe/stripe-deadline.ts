/** The call did not finish in time: the caller treats it as "in doubt" and looks the key up later. */
export class StripeDeadlineError extends Error {
  constructor(ms: number) {
    super(`stripe: no answer within ${ms} ms`);
    this.name = 'StripeDeadlineError';
  }
}

/**
 * One deadline for a whole provider call, whatever the library's retries do. Work left running
 * after it is harmless: every write carries an idempotency key.
 */
export async function withStripeDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StripeDeadlineError(ms)), ms);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
