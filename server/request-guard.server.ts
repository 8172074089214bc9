import type { RequestHandler } from 'express';
import { HOST_FORM, MISDIRECTED_TEXT } from '../shared/allowed-hosts.ts';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { clientSideOf } from './forwarded.server.ts';
import { isUnambiguousPath, originFormOf, widestPath } from './request-target.server.ts';
import { sendSmallError } from './small-error.server.ts';

/** Longer URLs are refused here, well below Node's 16 KB header limit (which answers an empty 431). */
export const MAX_URL_LENGTH = 8 * 1024;
/** All request headers together; the API gets a few more on top, and must stay under its own limit. */
export const MAX_HEADER_BYTES = 12 * 1024;

const BAD_HOST: ApiErrorBody = {
  code: 'BAD_REQUEST',
  message: 'リクエストのホスト名が正しくありません。',
  messageEn: 'The request has an invalid Host header.',
};
const MISDIRECTED: ApiErrorBody = { code: 'MISDIRECTED_REQUEST', message: MISDIRECTED_TEXT.ja, messageEn: MISDIRECTED_TEXT.en };
const URL_TOO_LONG: ApiErrorBody = {
  code: 'BAD_REQUEST',
  message: `URLが長すぎます（${MAX_URL_LENGTH}文字まで）。`,
  messageEn: `The URL is too long (at most ${MAX_URL_LENGTH} characters).`,
};
const HEADERS_TOO_LARGE: ApiErrorBody = {
  code: 'BAD_REQUEST',
  message: 'リクエストヘッダーが大きすぎます。Cookieを削除して再度お試しください。',
  messageEn: 'The request headers are too large. Clear your cookies and try again.',
};

const BAD_PATH: ApiErrorBody = {
  code: 'BAD_REQUEST',
  message: 'URLの形式が正しくありません（「\\」や符号化した「/」、「.」「..」を含むパスは受け付けません）。',
  messageEn: 'The URL path is malformed (a backslash, an encoded slash, a dot segment or bad percent-encoding).',
};

function validHost(value: string | undefined): boolean {
  return value !== undefined && value.length <= 255 && HOST_FORM.test(value);
}

/** Whether the header block (each name and value, with its separator) is over `MAX_HEADER_BYTES`; stops counting there. */
function headersTooLarge(rawHeaders: string[]): boolean {
  let bytes = 0;
  for (let i = 0; i < rawHeaders.length; i++) {
    bytes += (rawHeaders[i] as string).length + 2;
    if (bytes > MAX_HEADER_BYTES) return true;
  }
  return false;
}

/**
 * Checks every request before the proxy and the pages use it: a target whose path some hop could
 * read as another (a `\`, `%2f`, `%5c`, a dot segment, raw or encoded), that is not valid
 * percent-encoding, or in absolute-form naming another host than Host, is a 400 (JSON when any
 * hop could read it as `/api…`); a Host (and, from a trusted proxy, X-Forwarded-Host/-Proto) that
 * cannot form a URL is a 400, not a 500 from `new URL`; an over-long URL or header block is a
 * small 414/431 instead of the API's empty one.
 */
export const requestGuard: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    sendSmallError(req, res, 414, URL_TOO_LONG);
    return;
  }
  if (headersTooLarge(req.rawHeaders)) {
    sendSmallError(req, res, 431, HEADERS_TOO_LARGE);
    return;
  }
  // One reading of the target for every decision after this one (server/request-target.server.ts).
  const target = originFormOf(req.originalUrl, req.headers.host);
  if (target === null || !isUnambiguousPath(target)) {
    sendSmallError(req, res, 400, BAD_PATH, widestPath(target ?? req.path));
    return;
  }
  // `req.protocol` and `req.host` read once, for this check and every one after it (issue 35).
  const { protocol, host } = clientSideOf(req);
  const sent = req.headers.host;
  if (!validHost(sent) || (host !== sent && !validHost(host)) || (protocol !== 'http' && protocol !== 'https')) {
    sendSmallError(req, res, 400, BAD_HOST);
    return;
  }
  next();
};

/**
 * A Host this shop does not answer for (shared/allowed-hosts.ts) is a small bilingual 421, JSON
 * under /api. Runs after `requestGuard`, so a malformed Host stays a 400. Both the Host the client
 * sent and the one Express takes from a trusted hop's X-Forwarded-Host must pass: a proxy in front
 * may pass the name it was asked for only there, and a rebinding page may add X-Forwarded-Host to
 * its own same-origin requests (it can never change Host).
 */
export function refuseForeignHost(isAllowedHost: (host: string | undefined) => boolean): RequestHandler {
  return (req, res, next) => {
    const { host } = clientSideOf(req);
    if (isAllowedHost(req.headers.host) && (host === req.headers.host || isAllowedHost(host))) {
      next();
      return;
    }
    sendSmallError(req, res, 421, MISDIRECTED);
  };
}
