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
  // A card registration id is the hosted card page's capability (issue 17): see redactLogUrl.
  'registrationId',
] as const;

const bracket = (name: string) => `["${name}"]`;

export const LOG_REDACT_PATHS: readonly string[] = [
  ...SECRET_HEADERS.map((h) => `req.headers${bracket(h)}`),
  ...SECRET_RESPONSE_HEADERS.map((h) => `res.headers${bracket(h)}`),
  // pino's wildcard covers one level: a field at the top, one and two objects down.
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

export const LOG_REDACT_CENSOR = '[redacted]';

/**
 * A card registration id opens the provider's hosted card page to whoever holds it, so no log line
 * may carry one (issue 17). Both tiers pass each logged URL (and the API its `Location` header)
 * through this: the sandbox page's path segment after `/sandbox/card/`, a `registrationId` query
 * parameter (the return to /api/credit-confirm) and any id of the sandbox's form (`reg_` + 22).
 * Only the registration id: other query values are the request logger's own concern.
 */
export function redactLogUrl(url: string): string {
  if (!/reg_|\/sandbox\/|registrationId/i.test(url)) return url;
  return url
    .replace(/(\/sandbox\/card\/)[^/?#]+/gi, `$1${LOG_REDACT_CENSOR}`)
    .replace(/([?&]registrationId=)[^&#]*/gi, `$1${LOG_REDACT_CENSOR}`)
    .replace(/reg_[A-Za-z0-9_-]{22}/g, LOG_REDACT_CENSOR);
}
