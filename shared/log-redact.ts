/**
 * What no log line of either tier may show in clear: credentials in request and response headers,
 * and secret fields wherever a log call puts an object (a body, a form, an error's details). One
 * list for both tiers (server/logger.server.ts). The access lines (shared/access-log.ts) carry no
 * header and no body: only a URL and a Referer, each through `redactLogUrl`.
 * https://getpino.io/#/docs/redaction
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
 * may carry one (issue 17). Both tiers pass each logged URL (and the API the Referer)
 * through this: the sandbox page's path segment after `/sandbox/card/`, a `registrationId` query
 * parameter (the return to /api/credit-confirm) and any id of the sandbox's form (`reg_` + 22).
 * Secret query values go too (`redactUrl` below).
 */
export function redactLogUrl(url: string): string {
  if (!/reg_|\/sandbox\/|registrationId|\/setup\//i.test(url)) return redactUrl(url);
  return redactUrl(url)
    // A staff setup link's token opens the account's enrolment (issue 19): the console's page and the API call.
    .replace(/(\/setup\/)[^/?#]+/gi, `$1${LOG_REDACT_CENSOR}`)
    .replace(/(\/sandbox\/card\/)[^/?#]+/gi, `$1${LOG_REDACT_CENSOR}`)
    .replace(/([?&]registrationId=)[^&#]*/gi, `$1${LOG_REDACT_CENSOR}`)
    .replace(/reg_[A-Za-z0-9_-]{22}/g, LOG_REDACT_CENSOR);
}

const SECRET_KEYS = new Set<string>(SECRET_FIELDS.map((field) => field.toLowerCase()));

/** `token`, `Token`, `t%6Fken`, `token[]`: the name a query key stands for, to compare with SECRET_FIELDS. */
function keyName(rawKey: string): string {
  let key = rawKey;
  try {
    key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    // a broken %-encoding is compared as it came
  }
  return key.replace(/\[.*$/, '').toLowerCase();
}

/**
 * A URL as it may be logged: the values of secret query keys (the same SECRET_FIELDS, any case)
 * censored, so `?token=…&code=…` is no more readable in a logged url or Referer than in a logged
 * `query` object. https://owasp.org/www-community/vulnerabilities/Information_exposure_through_query_strings_in_url
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url.slice(mark + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq > -1 && SECRET_KEYS.has(keyName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${LOG_REDACT_CENSOR}` : pair;
  });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}
