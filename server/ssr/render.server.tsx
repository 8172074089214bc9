import { PassThrough } from 'node:stream';
import type { RequestHandler, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { createApiClient } from '../../shared/api/client.ts';
import type { PublicConfig } from '../../shared/config.ts';
import { ConfigProvider } from '../../client/config.tsx';
import type { LoaderContext } from '../../client/data/api.ts';
import { createRouteTree, modulesOf } from '../../client/route-tree.ts';
import type { RootData } from '../../client/routes/root.tsx';
import { Document } from './document.tsx';
import { toFetchRequest } from './fetch-request.server.ts';
import { hydrationScript } from './hydration.server.ts';
import { assetsFor, type ClientManifest } from './manifest.server.ts';

export interface SsrOptions {
  apiOrigin: string;
  manifest: ClientManifest;
  publicConfig: PublicConfig;
  logger: Logger;
  /** How long a render may stream before it is aborted. */
  abortAfterMs?: number;
}

const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

function sendResponse(res: ExpressResponse, response: Response): void {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  void response.text().then((text) => res.end(text));
}

function cacheControl(context: StaticHandlerContext): string {
  const root = context.loaderData.root as RootData | undefined;
  return context.statusCode === 200 && root && !root.user ? 'public, max-age=0, s-maxage=60' : 'private, no-store';
}

/**
 * Server rendering through React Router's data router: loaders run against the API origin with
 * the shopper's cookie; a redirect is sent as is; the status comes from the loaders; the shell
 * streams to browsers as soon as it is ready and crawlers get the whole document.
 */
export function createSsrHandler(options: SsrOptions): RequestHandler {
  const handler = createStaticHandler(createRouteTree());
  const abortAfterMs = options.abortAfterMs ?? 10_000;

  return async (req, res, next) => {
    try {
      const headers: Record<string, string> = { 'x-request-id': String(req.id) };
      for (const name of FORWARDED_HEADERS) if (req.headers[name]) headers[name] = String(req.headers[name]);
      const request = toFetchRequest(req, res);
      const requestContext: LoaderContext = {
        api: createApiClient({ baseUrl: options.apiOrigin, headers, signal: request.signal }),
      };
      const context = await handler.query(request, { requestContext });
      if (context instanceof Response) {
        sendResponse(res, context);
        return;
      }
      renderDocument(req.headers['user-agent'], res, context, handler.dataRoutes, options, abortAfterMs);
    } catch (error) {
      // The shopper went away mid-request: nothing to answer, nothing to report.
      if (res.destroyed || req.socket.destroyed) return;
      next(error);
    }
  };
}

function renderDocument(
  userAgent: string | undefined,
  res: ExpressResponse,
  context: StaticHandlerContext,
  dataRoutes: ReturnType<typeof createStaticHandler>['dataRoutes'],
  options: SsrOptions,
  abortAfterMs: number,
): void {
  const router = createStaticRouter(dataRoutes, context);
  const nonce = String(res.locals.cspNonce);
  const assets = assetsFor(options.manifest, modulesOf(context.matches));
  const waitForAll = isbot(userAgent ?? '');
  let failed = false;

  const stream = renderToPipeableStream(
    <Document assets={assets}>
      <ConfigProvider value={options.publicConfig}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </ConfigProvider>
    </Document>,
    {
      nonce,
      bootstrapScriptContent: hydrationScript(context, options.publicConfig),
      bootstrapModules: [assets.entryModule],
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        res.status(failed ? 500 : context.statusCode);
        res.set({ 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl(context), vary: 'Cookie' });
        const body = new PassThrough();
        body.pipe(res);
        stream.pipe(body);
      },
      onShellError(error: unknown) {
        options.logger.error({ err: error }, 'SSR shell failed');
        res.status(500).type('text/plain; charset=utf-8').send('サーバーエラーが発生しました。/ Server error.');
      },
      onError(error: unknown) {
        failed = true;
        options.logger.error({ err: error }, 'SSR render error');
      },
    },
  );
  const timer = setTimeout(() => stream.abort(), abortAfterMs);
  res.on('close', () => clearTimeout(timer));
}
