import { data } from 'react-router';
import { createApiClient, type ApiClient, type ApiResult } from '../../shared/api/client.ts';

/** What the server passes to loaders: an API client aimed at the API origin with the shopper's cookie. */
export interface LoaderContext {
  api: ApiClient;
}

let browserApi: ApiClient | undefined;

/** True in the server's render (its context carries the per-request client), false in the browser. */
export function isServerContext(context: unknown): context is LoaderContext {
  return typeof context === 'object' && context !== null && 'api' in context;
}

/** The API client for a loader: the server's per-request one, or the browser's same-origin one. */
export function apiFrom(context: unknown): ApiClient {
  if (isServerContext(context)) return context.api;
  browserApi ??= createApiClient({ baseUrl: '' });
  return browserApi;
}

/**
 * Critical data: the value, or a thrown route error with the API's status (404 stays 404), so
 * the page's error boundary shows it and the HTTP response carries the status.
 */
export function must<D>(result: ApiResult<D>): D {
  if (result.ok) return result.data;
  const status = result.status === 999 ? 503 : result.status;
  throw data(result.error, { status });
}

/** The HTTP status of a page whose login-status call failed (docs/spec.md §8 global error). */
export const LOGIN_STATUS_FAILED = 503;

/** Optional data: the value, or a fallback; a failure here never breaks the page. */
export function orElse<D>(result: ApiResult<D>, fallback: D): D {
  return result.ok ? result.data : fallback;
}
