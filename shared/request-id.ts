const VALID_ID = /^[A-Za-z0-9._-]{1,100}$/;

interface HasHeaders {
  headers: Record<string, string | string[] | undefined>;
}
interface SetsHeaders {
  setHeader(name: string, value: string): unknown;
}

/**
 * The request id of both services: the incoming x-request-id when well formed (the load
 * balancer's, or the web tier's when it calls the API), else a new one; echoed in the response.
 */
export function requestId(req: HasHeaders, res: SetsHeaders): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && VALID_ID.test(given) ? given : globalThis.crypto.randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}
