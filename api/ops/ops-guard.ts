import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { LOOPBACK_NAMES } from '../../shared/allowed-hosts.ts';
import { DomainError, ForbiddenError, MisdirectedRequestError, UnsupportedMediaTypeError } from '../http/errors.ts';

/**
 * Who may run operator commands (`/ops/*` on the API port). Nothing a browser can send from
 * another site, or from a rebound DNS name, gets in, in this order:
 * - a Host that is not the API's own → 421 (DNS rebinding: a page whose name now points here);
 * - `Sec-Fetch-Site` other than same-origin, or an `Origin` other than the API's own → 403;
 * - a body that is not JSON → 415 (form, text/plain and empty posts are "simple" requests a page
 *   may send cross-site without a CORS preflight; JSON needs a preflight, which this API never grants),
 *   except on a GET, which changes nothing (the shipping list's download link) and still needs the token;
 * - no Bearer token, or the wrong one → 401/403, from loopback too.
 * https://fetch.spec.whatwg.org/#cors-safelisted-request-header, RFC 9110 §15.5.20 (421).
 */

export interface OperatorAccess {
  /** The token every call must present (OPS_TOKEN, or the one the API wrote to OPS_TOKEN_FILE). */
  token: string | undefined;
  /** Hosts (`name:port`) besides the loopback names at the port the request came in on. */
  hosts: readonly string[];
}

const NOT_OUR_HOST = {
  ja: 'このホスト名では運用コマンドを受け付けません。API のアドレス（API_ORIGIN）に送ってください。',
  en: 'Operator commands are not answered under this host name: send them to the API’s own address (API_ORIGIN).',
};

class OpsUnauthorizedError extends DomainError {
  constructor(missing: boolean) {
    super(missing ? 401 : 403, missing ? 'UNAUTHORIZED' : 'FORBIDDEN', {
      ja: '運用コマンドには運用トークン（OPS_TOKEN、または OPS_TOKEN_FILE のファイル）が必要です。',
      en: 'Operator commands need the operator token (OPS_TOKEN, or the file at OPS_TOKEN_FILE).',
    });
  }
}

function ownHosts(req: Request, configured: readonly string[]): Set<string> {
  const port = req.socket.localPort;
  const names = LOOPBACK_NAMES.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
  return new Set([...names, ...configured.map((host) => host.toLowerCase())]);
}

function isCrossSite(req: Request, host: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = req.get('origin');
  return origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function requireOperator(access: OperatorAccess): RequestHandler {
  return (req, _res, next) => {
    const host = (req.get('host') ?? '').toLowerCase();
    if (!ownHosts(req, access.hosts).has(host)) return next(new MisdirectedRequestError(NOT_OUR_HOST));
    if (isCrossSite(req, host)) {
      return next(new ForbiddenError({ ja: '別のサイトからの運用コマンドは受け付けません。', en: 'Operator commands from another site are not accepted.' }));
    }
    if (req.method !== 'GET' && req.is('application/json') !== 'application/json') return next(new UnsupportedMediaTypeError());
    const bearer = /^Bearer ([\x21-\x7e]{1,200})$/.exec(req.get('authorization') ?? '')?.[1];
    if (!bearer) return next(new OpsUnauthorizedError(true));
    if (!access.token || !timingSafeEqual(digest(bearer), digest(access.token))) return next(new OpsUnauthorizedError(false));
    next();
  };
}
