/**
 * What no log line of either tier may show in clear: credentials in request and response headers,
 * and secret fields wherever a log call puts an object (a body, a form, an error's details). One
 * list for both tiers (server/logger.server.ts); pino-http must not be given its own `redact`,
 * which would replace this one. https://getpino.io/#/docs/redaction
 */
const SECRET_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'x-api-key', 'x-auth-token', 'x-csrf-token'] as const;
const SECRET_RESPONSE_HEADERS = ['set-cookie', 'authorization', 'proxy-authenticate'] as const;

/** Body and form fields that hold passwords, one-time codes, session tokens or card data. */
export const SECRET_FIELDS = [
  'password',
  'passwordConfirm',
  'currentPassword',
  'newPassword',
  'code',
  'token',
  'sessionToken',
  'cardNumber',
  'cardNo',
  'cvc',
  'cvv',
  'securityCode',
  'expire',
  'otp',
] as const;

const bracket = (name: string) => `["${name}"]`;

export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.map((h) => `req.headers${bracket(h)}`),
  ...SECRET_RESPONSE_HEADERS.map((h) => `res.headers${bracket(h)}`),
  // pino's wildcard covers one level: a field at the top, one and two objects down.
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export const LOG_REDACT_CENSOR = '[redacted]';
