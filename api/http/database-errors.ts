/**
 * Tells a database that cannot answer now (down, restarting, unreachable, out of connections,
 * too slow) from a bug in our SQL. The first is the operator's outage: 503 with Retry-After, and
 * the pool heals by itself once PostgreSQL is back. https://www.postgresql.org/docs/15/errcodes-appendix.html
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, server stopping)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
]);

const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

// node-postgres reports a dead socket, a connect timeout and a client-side query timeout as
// plain Errors with these messages (pg/lib/client.js, pg-pool/index.js).
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  // The pool is closing (shutdown drains): this copy can no longer answer, another one can.
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_NODE_CODES.has(code)) return true;
  if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  if (UNAVAILABLE_MESSAGES.some((m) => error.message.startsWith(m))) return true;
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
