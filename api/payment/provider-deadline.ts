/** A provider call that has not answered by then is looked up later by its order key. */
export const providerFailure = (error: unknown): string => (error instanceof Error ? error.message.slice(0, 200) : 'unknown');

export const PROVIDER_DEADLINE_MS = 15_000;

/**
 * The call's answer, or 'timeout' when it fails or does not answer within the deadline. A failure
 * is handed to `onError` (for the log) before it counts as a timeout.
 */
export async function withProviderDeadline<T>(work: Promise<T>, onError?: (error: unknown) => void, ms = PROVIDER_DEADLINE_MS): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const failed = (error: unknown) => {
      onError?.(error);
      return 'timeout' as const;
    };
    return await Promise.race([work.catch(failed), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The gateway refused the call before doing anything (its rate limit, a 429): nothing happened at
 * the gateway, and the same call may be sent again, with the same key, without a look-up first.
 */
export class ProviderBusyError extends Error {
  constructor(message = 'the payment gateway refused the call for its rate limit; nothing was done') {
    super(message);
    this.name = 'ProviderBusyError';
  }
}

/** As `withProviderDeadline`, but a call the gateway refused unseen (ProviderBusyError) is 'busy', not 'timeout', and not handed to `onError`. */
export async function withProviderDeadlineOrBusy<T>(work: Promise<T>, onError?: (error: unknown) => void, ms = PROVIDER_DEADLINE_MS): Promise<T | 'timeout' | 'busy'> {
  let busy = false;
  const result = await withProviderDeadline(work, (error) => {
    if (error instanceof ProviderBusyError) busy = true;
    else onError?.(error);
  }, ms);
  return result === 'timeout' && busy ? 'busy' : result;
}
