import { data } from 'react-router';

/** Any path the route table does not know: a real 404 status, shown by the pages' boundary. */
export function loader(): never {
  throw data(null, { status: 404 });
}

export function Component() {
  return null;
}
