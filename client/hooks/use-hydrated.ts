import { useSyncExternalStore } from 'react';

function subscribeNever(): () => void {
  return () => {};
}

/**
 * False on the server and while hydrating, true once the script runs: what only the script can
 * drive appears then, and the server's HTML stays the no-JS page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
