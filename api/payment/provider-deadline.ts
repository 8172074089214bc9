/** A provider call that has not answered by then is looked up later by its order key. */
export const PROVIDER_DEADLINE_MS = 15_000;

/** The call's answer, or 'timeout' when it fails or does not answer within the deadline. */
export async function withProviderDeadline<T>(work: Promise<T>, ms = PROVIDER_DEADLINE_MS): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work.catch(() => 'timeout' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
