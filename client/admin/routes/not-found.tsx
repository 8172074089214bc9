import { data } from 'react-router';
import type { ApiErrorBody } from '../../../shared/api/errors.ts';

const NOT_FOUND: ApiErrorBody = { code: 'NOT_FOUND', message: 'ページが見つかりません。', messageEn: 'Page not found.' };

/** Any other path of the console: a 404 shown by the root's error boundary. */
export function loader(): never {
  throw data(NOT_FOUND, { status: 404 });
}

export function Component() {
  return null;
}
