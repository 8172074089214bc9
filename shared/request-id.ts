/**
 * An id another hop made, kept only in this strict form: 8–64 letters, digits, `.`, `_`, `-`,
 * starting with a letter or digit (a UUID, a 32-hex trace id, nginx's `$request_id`).
 */
const STRICT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,63}$/;

interface HasHeaders {
  headers: Record<string, string | string[] | undefined>;
}
interface SetsHeaders {
  setHeader(name: string, value: string): unknown;
}

/**
 * The request id of both services, echoed in the response. The incoming x-request-id is kept only
 * from a hop that may name it — at the web tier a TRUST_PROXY proxy, at the API the web tier —
 * and only in the strict form; anything else gets a new one, so a client cannot pick the id its
 * lines are logged under (or reuse another request's).
 */
export function requestId(req: HasHeaders, res: SetsHeaders, fromTrustedHop: boolean): string {
  const given = req.headers['x-request-id'];
  const id = fromTrustedHop && typeof given === 'string' && STRICT_ID.test(given) ? given : globalThis.crypto.randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}
