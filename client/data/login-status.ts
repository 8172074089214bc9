import type { ApiResult } from '../../shared/api/client.ts';
import type { LoginStatus } from '../../shared/api/types.ts';
import { apiFrom } from './api.ts';

/**
 * One login-status call per navigation (or server request): the root loader and the member
 * guard run with the same `Request` and share its answer. A new navigation is a new `Request`,
 * so docs/spec.md §2's refresh on every route change still asks again; after a form action the loaders
 * get a new `Request` too, and see the session the action just opened or closed.
 */
const answers = new WeakMap<Request, Promise<ApiResult<LoginStatus>>>();

export function loadLoginStatus(request: Request, context: unknown): Promise<ApiResult<LoginStatus>> {
  let answer = answers.get(request);
  if (!answer) {
    answer = apiFrom(context).loginStatus();
    answers.set(request, answer);
  }
  return answer;
}
