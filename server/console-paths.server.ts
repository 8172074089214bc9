import type { RequestHandler } from 'express';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { sendSmallError } from './small-error.server.ts';

const NOT_FOUND: ApiErrorBody = {
  code: 'NOT_FOUND',
  message: 'ページが見つかりません。',
  messageEn: 'Page not found.',
};

/**
 * The console's namespaces: its pages (`/admin…`) and the staff API (`/api/staff…`). Compared as
 * Express routes them, case-insensitively, after percent-decoding and with repeated slashes
 * folded, so `/API/Staff/login` or `/api/%73taff` cannot slip past to the API. A `\`, an encoded
 * separator or a dot segment never gets here: requestGuard refuses them (decision 0047).
 */
const CONSOLE_PATH = /^\/(?:admin|api\/staff)(?:[/?.;]|$)/;
const MAY_BE_CONSOLE = /admin|staff|%/i;

export function isConsolePath(rawPath: string): boolean {
  // Without a `%`, the path decodes to itself; without `admin` or `staff` in it, in any case, no
  // spelling of it can match. Most paths are decided here, without decoding or copying them.
  if (!MAY_BE_CONSOLE.test(rawPath)) return false;
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // requestGuard has already refused an undecodable path; compare the raw one anyway.
  }
  return CONSOLE_PATH.test(path.toLowerCase().replace(/\/{2,}/g, '/'));
}

/**
 * The public web port never serves the operator console (issue 19): it runs on its own listener
 * (ADMIN_PORT), and the shop's `/api` proxy must not forward the staff endpoints, so a shopper's
 * browser can never reach them through the shop's origin. A plain 404, as for any unknown page.
 */
export const refuseConsolePaths: RequestHandler = (req, res, next) => {
  if (isConsolePath(req.path)) sendSmallError(req, res, 404, NOT_FOUND);
  else next();
};
