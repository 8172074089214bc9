import type { ActionFunctionArgs } from 'react-router';

/** The top page's one form: logout, posted from the menu to `/?index`. */
export const LOGOUT_INTENT = 'logout';

/**
 * The logout action (./logout-action.ts), loaded when a logout is posted: the form helpers and
 * the message catalogue it needs stay out of every page's first JavaScript (issue 11).
 */
export async function logoutAction(args: ActionFunctionArgs) {
  const { logoutAction: run } = await import('./logout-action.ts');
  return run(args);
}
