import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { createHostAllowList } from '../shared/allowed-hosts.ts';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { MAX_IMAGE_BYTES } from '../shared/catalogue-images.ts';
import { BONUS_FILE_MAX_BYTES } from '../shared/vault.ts';
import { toPublicConfig } from '../shared/config.ts';
import { SHIPMENT_UPLOAD_MAX_BYTES } from '../shared/shipment-import-rules.ts';
import { createStaffApi } from '../client/admin/data/staff-api.ts';
import { createAdminRouteTree } from '../client/admin/route-tree.ts';
import { lastResort, type WebAppOptions } from './app.server.ts';
import { pageGate } from './page-gate.server.ts';
import { createApiProxy } from './proxy.server.ts';
import { markArrival } from './request-deadline.server.ts';
import { refuseForeignHost, requestGuard } from './request-guard.server.ts';
import { requestLog } from './request-log.server.ts';
import { securityHeaders } from './security.server.ts';
import { isApiPath, sendSmallError } from './small-error.server.ts';
import { hashedAssets, publicFiles } from './static.server.ts';
import { readManifest } from './ssr/manifest.server.ts';
import { createSsrHandler, type LoaderContextParts } from './ssr/render.server.tsx';
import { mountProbes } from './probes.server.ts';

/** Room for the upload form's boundaries, part headers and its few text fields. */
const UPLOAD_FORM_OVERHEAD = 64 * 1024;

const NOT_FOUND: ApiErrorBody = { code: 'NOT_FOUND', message: '見つかりません。', messageEn: 'Not found.' };

/**
 * The console forwards the staff API alone (`/api/staff…`), and reads of the shop's pictures
 * (`/api/media/…`), which the catalogue pages show; the rest of the shop API is not its business.
 */
const staffApiOnly: RequestHandler = (req, res, next) => {
  const path = req.path.toLowerCase();
  const picture = (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/api/media/');
  if (isApiPath(path) && path !== '/api/staff' && !path.startsWith('/api/staff/') && !picture) sendSmallError(req, res, 404, NOT_FOUND);
  else next();
};

const TOO_LARGE: ApiErrorBody = { code: 'BAD_REQUEST', message: '送信内容が大きすぎます。', messageEn: 'The request body is too large.' };
const LENGTH_REQUIRED: ApiErrorBody = { code: 'BAD_REQUEST', message: '送信内容の長さが不明です。', messageEn: 'Send the body with a Content-Length.' };

/**
 * The proxy streams bodies untouched, so their bound is set here, on the console's hop, before a
 * byte goes upstream: the largest staff call is a shipment file (shared/shipment-import-rules.ts),
 * and a body of unknown length (chunked) is refused, since a browser's form or fetch sends its length.
 * The API bounds the same body again on its own hop.
 */
const boundedStaffBodies: RequestHandler = (req, res, next) => {
  if (!isApiPath(req.path.toLowerCase())) return next();
  const length = req.get('content-length');
  if (length === undefined && req.get('transfer-encoding') !== undefined) sendSmallError(req, res, 411, LENGTH_REQUIRED);
  else if (Number(length ?? 0) > SHIPMENT_UPLOAD_MAX_BYTES) sendSmallError(req, res, 413, TOO_LARGE);
  else next();
};

/**
 * The operator console (issue 19) on its own listener, ADMIN_PORT: the same house as the shop's
 * web tier (server/app.server.ts) — security headers with the CSP nonce, probes, the request
 * guard, the Host allow-list (ADMIN_ORIGIN), the request deadline, the page gate (methods and
 * cross-site forms) — with the console's own route tree and bundle (dist/client/admin), and a
 * proxy for `/api/staff` alone.
 */
export function createAdminApp({ config, logger, clientDir, checkApi }: WebAppOptions): Express {
  const app = express();
  const adminDir = path.join(clientDir, 'admin');
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(securityHeaders({ https: config.ADMIN_ORIGIN.startsWith('https:'), analytics: false }));
  mountProbes(app, checkApi);
  app.use(requestLog(app, logger));
  app.use(markArrival);
  app.use(requestGuard);
  // The console answers its own name only (and loopback, IP addresses): not the shop's.
  app.use(refuseForeignHost(createHostAllowList([config.ADMIN_ORIGIN], config.ALLOWED_HOSTS)));
  app.use(staffApiOnly);
  app.use(boundedStaffBodies);
  app.use(createApiProxy({ apiOrigin: config.API_ORIGIN, timeoutMs: config.PROXY_TIMEOUT_MS }));
  app.use('/assets', hashedAssets(path.join(adminDir, 'assets')));
  app.use(publicFiles(path.join(clientDir, 'public')));
  app.use(pageGate({ publicOrigin: config.ADMIN_ORIGIN, routeTree: createAdminRouteTree }));
  app.use(
    createSsrHandler({
      apiOrigin: config.API_ORIGIN,
      apiTimeoutMs: config.PROXY_TIMEOUT_MS,
      manifest: readManifest(adminDir),
      publicConfig: toPublicConfig(config),
      logger,
      routes: createAdminRouteTree(),
      loaderContext: ({ relay: _relay, ...client }: LoaderContextParts) => ({ staffApi: createStaffApi(client) }),
      neverStore: true,
      // The upload forms: a picture (client/admin/routes/catalogue-image.tsx) or a 特典 file
      // (catalogue-bonuses.tsx), and a few fields.
      multipartLimit: Math.max(MAX_IMAGE_BYTES, BONUS_FILE_MAX_BYTES) + UPLOAD_FORM_OVERHEAD,
    }),
  );
  app.use(lastResort(logger));
  return app;
}
