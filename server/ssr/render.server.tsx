import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { createApiClient } from '../../shared/api/client.ts';
import { documentLangOf } from '../../shared/lang-rule.ts';
import type { PublicConfig } from '../../shared/config.ts';
import { ConfigProvider } from '../../client/config.tsx';
import type { LoaderContext } from '../../client/data/api.ts';
import { createRouteTree, modulesOf } from '../../client/route-tree.ts';
import type { RootData } from '../../client/routes/root.tsx';
import { upstreamHeaders } from '../forwarded.server.ts';
import { deadlineOf } from '../request-deadline.server.ts';
import { createHtmlCompressor, htmlEncoding } from './compress.server.ts';
import { createCookieRelay, relayingFetch, type CookieRelay } from './cookie-relay.server.ts';
import { Document } from './document.tsx';
import { toFetchRequest } from './fetch-request.server.ts';
import { readFormBody } from './form-body.server.ts';
import { hydrationScript, scriptLoader } from './hydration.server.ts';
import { withAnonymousLoginStatus } from './login-status.server.ts';
import { assetsFor, type ClientManifest } from './manifest.server.ts';

export interface SsrOptions {
  apiOrigin: string;
  manifest: ClientManifest;
  publicConfig: PublicConfig;
  logger: Logger;
  /** The deadline for all of one request's API calls, from its arrival (PROXY_TIMEOUT_MS, as for /api). */
  apiTimeoutMs: number;
  /** How long a render may stream before it is aborted. */
  abortAfterMs?: number;
  /** The route tree to render: the shop's (client/route-tree.ts) unless another app gives its own. */
  routes?: RouteObject[];
  /** What the loaders get as context: the shop's API client unless another app gives its own. */
  loaderContext?: (parts: LoaderContextParts) => unknown;
  /** Every page is personal (the console): never kept by the browser. */
  neverStore?: boolean;
  /** Pages take file uploads up to this many bytes (multipart/form-data); unset, none. */
  multipartLimit?: number;
}

/** What a loader context is made of, per request: the API's address, headers and cookie-relaying fetch. */
export interface LoaderContextParts {
  baseUrl: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  fetch: typeof fetch;
  relay: CookieRelay;
}

function shopLoaderContext({ relay, ...client }: LoaderContextParts): LoaderContext {
  // A stalled API must not stall the page (or the shutdown): its calls, the login-status
  // lookup included, end at the request's deadline (counted from its arrival) or when the
  // shopper leaves, and the page shows the communication error (docs/spec.md §8) instead.
  return { api: withAnonymousLoginStatus(createApiClient(client), relay) };
}

// The cookie goes through the request's CookieRelay, so a form action's new session is seen at once.
const FORWARDED_HEADERS = ['accept-language', 'user-agent'] as const;

function sendResponse(res: ExpressResponse, response: Response): void {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  void response.text().then((text) => res.end(text));
}

/**
 * No page is shared by a CDN: each carries its own CSP nonce (docs/decisions/0003). A plain GET for
 * a signed-out visitor may be kept by the browser and revalidated; anything personal, failed or
 * posted is not stored at all.
 */
function cacheControl(context: StaticHandlerContext, personal: boolean): string {
  const root = context.loaderData.root as RootData | undefined;
  const anonymous = root !== undefined && !root.user && !root.globalError;
  return !personal && context.statusCode === 200 && anonymous ? 'private, no-cache' : 'private, no-store';
}

/**
 * Server rendering through React Router's data router: loaders run against the API origin with
 * the shopper's cookie; a redirect is sent as is; the status comes from the loaders; the shell
 * streams to browsers as soon as it is ready and crawlers get the whole document.
 */
export function createSsrHandler(options: SsrOptions): RequestHandler {
  const handler = createStaticHandler(options.routes ?? createRouteTree());
  const loaderContext = options.loaderContext ?? shopLoaderContext;
  const abortAfterMs = options.abortAfterMs ?? 10_000;

  return async (req, res, next) => {
    try {
      // A plain form POST (JavaScript off) runs the page's action here; its body is bounded first.
      const form = req.method === 'POST' ? await readFormBody(req, undefined, options.multipartLimit) : undefined;
      if (form && !form.ok) {
        res.status(form.status).type('text/plain; charset=utf-8').set('cache-control', 'no-store').send(form.text);
        return;
      }
      const headers: Record<string, string> = { 'x-request-id': String(req.id), ...upstreamHeaders(req) };
      for (const name of FORWARDED_HEADERS) if (req.headers[name]) headers[name] = String(req.headers[name]);
      const request = toFetchRequest(req, res, form?.body);
      const relay = createCookieRelay(req.headers.cookie);
      const requestContext = loaderContext({
        baseUrl: options.apiOrigin,
        headers,
        signal: deadlineOf(req, res, options.apiTimeoutMs),
        fetch: relayingFetch(relay),
        relay,
      });
      const context = await handler.query(request, { requestContext });
      // The API's Set-Cookie (a sign-in, a sign-out) reaches the browser whatever the answer is.
      for (const cookie of relay.setCookies()) res.append('set-cookie', cookie);
      const personal = options.neverStore === true || req.method !== 'GET' || relay.setCookies().length > 0;
      if (context instanceof Response) {
        if (personal) res.set('cache-control', 'no-store');
        sendResponse(res, context);
        return;
      }
      renderDocument(req.headers, res, context, handler.dataRoutes, options, abortAfterMs, personal);
    } catch (error) {
      // The shopper went away mid-request: nothing to answer, nothing to report.
      if (res.destroyed || req.socket.destroyed) return;
      next(error);
    }
  };
}

function renderDocument(
  { 'user-agent': userAgent, 'accept-encoding': acceptEncoding }: IncomingHttpHeaders,
  res: ExpressResponse,
  context: StaticHandlerContext,
  dataRoutes: ReturnType<typeof createStaticHandler>['dataRoutes'],
  options: SsrOptions,
  abortAfterMs: number,
  personal: boolean,
): void {
  const router = createStaticRouter(dataRoutes, context);
  const nonce = String(res.locals.cspNonce);
  const assets = assetsFor(options.manifest, modulesOf(context.matches));
  const waitForAll = isbot(userAgent ?? '');
  let failed = false;

  const stream = renderToPipeableStream(
    <Document assets={assets} lang={documentLangOf(context.location.search)}>
      <ConfigProvider value={options.publicConfig}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </ConfigProvider>
    </Document>,
    {
      nonce,
      bootstrapScriptContent: hydrationScript(context, options.publicConfig) + scriptLoader(assets.entryModule, assets.preloads),
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        res.status(failed ? 500 : context.statusCode);
        res.set({ 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl(context, personal), vary: 'Cookie, Accept-Encoding' });
        const encoding = htmlEncoding(acceptEncoding);
        if (!encoding) {
          stream.pipe(res);
          return;
        }
        res.set('content-encoding', encoding);
        const body = createHtmlCompressor(encoding);
        // A shopper who leaves mid-page frees the compressor's native memory at once.
        res.on('close', () => body.destroy());
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
