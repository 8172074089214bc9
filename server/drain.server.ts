import type http from 'node:http';

/** Set once by the shutdown; read on every request. */
export interface DrainState {
  draining: boolean;
}

const NOT_READY = JSON.stringify({ ok: false, draining: true });

/**
 * Wraps a tier's handler so that, once draining, `/readyz` answers 503 at once (the load
 * balancer stops sending new work) and every response carries `Connection: close` (keep-alive
 * clients move to another instance after their current request instead of holding this one).
 */
export function drainAware(state: DrainState, handler: http.RequestListener): http.RequestListener {
  return (req, res) => {
    if (!state.draining) {
      handler(req, res);
      return;
    }
    res.setHeader('connection', 'close');
    if (req.url === '/readyz' || req.url?.startsWith('/readyz?')) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(NOT_READY);
      return;
    }
    handler(req, res);
  };
}
