import { ROUTES } from './routes.ts';

/**
 * Spec §2: on each route change, English (when on) flips off, except on the password reminder,
 * the one route exempt.
 */
export function shouldTurnOffEnglish(english: boolean, pathname: string): boolean {
  return english && pathname !== ROUTES.reminder.path;
}
