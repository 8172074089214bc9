import { hydrateLater } from '../components/hydrate-later.tsx';

/**
 * Errors of any page render inside the shell (../components/page-error.tsx). Only an error page
 * needs that code, so it is a chunk of its own that hydrates when it arrives.
 */
export const ErrorBoundary = hydrateLater(() => import('../components/page-error.tsx').then((m) => m.PageError));
