import type { Request } from 'express';

/** The client address as Express sees it through the configured trusted proxy hops (`trust proxy`). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
