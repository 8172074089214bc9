import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { createApiClient } from '../../shared/api/client.ts';
import { asksForEnglish, langCookieToSet } from '../../shared/lang-rule.ts';
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
import { pageDataJson } from './hydration.server.ts';
import { withAnonymousLoginStatus } from './login-status.server.ts';
import { assetsFor, type ClientManifest } from './manifest.server.ts';
import { isCacheablePage, PAGE_VARY, pageCacheKey } from '../../shared/page-cache.ts';
import type { PageCache, PageResult } from '../page-cache/page-cache.server.ts';
import { sendCachedPage, sendPageResult } from '../page-cache/send-page.server.ts';
import { renderToBuffer, sendShellFailure, sendWholePage } from './render-buffer.server.ts';

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
  /** The shared cache of pages for visitors without a session (server/page-cache/); unset, none. */
  pageCache?: PageCache;
  /** The shop's public origin: the address a cached page is rendered for (never the request's Host). */
  publicOrigin?: string;
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
 * Pages the shared cache keeps are public (their headers come from server/page-cache/); every
 * other page is private: a plain GET for a signed-out visitor may be kept by the browser and
 * revalidated; anything personal, failed or posted is not stored at all (docs/decisions/0003).
 */
function cacheControl(context: StaticHandlerContext, personal: boolean): string {
  return !personal && context.statusCode === 200 && isAnonymous(context) ? 'private, no-cache' : 'private, no-store';
}

function isAnonymous(context: StaticHandlerContext): boolean {
  const root = context.loaderData.root as RootData | undefined;
  return root !== undefined && !root.user && !root.globalError;
}

function isSignedIn(context: StaticHandlerContext): boolean {
  return Boolean((context.loaderData.root as RootData | undefined)?.user);
}

/**
 * Server rendering through React Router's data router: loaders run against the API origin with
 * the shopper's cookie; a redirect is sent as is; the status comes from the loaders; the shell
 * streams to browsers as soon as it is ready and crawlers get the whole document. A signed-in
 * shopper's page, never cached, is rendered whole and sent in one write (`sendWholePage`).
 */
export function createSsrHandler(options: SsrOptions): RequestHandler {
  const handler = createStaticHandler(options.routes ?? createRouteTree());
  const loaderContext = options.loaderContext ?? shopLoaderContext;
  const abortAfterMs = options.abortAfterMs ?? 10_000;

  const cache = options.pageCache;
  if (cache) cache.setRenderer((url) => renderAnonymous(url, handler, loaderContext, options, abortAfterMs));

  return async (req, res, next) => {
    try {
      // `?lang=` on the URL becomes the fan's remembered language (shared/lang-rule.ts).
      const remember = langCookieToSet(new URL(req.originalUrl, 'http://shop.invalid').search, req.headers.cookie);
      if (remember) res.append('set-cookie', remember);
      // A signed-out visitor's catalogue page: from the shared cache, or one render for everyone who asks meanwhile.
      const key = cache && req.method === 'GET' ? pageCacheKey(req.originalUrl, req.headers.cookie) : null;
      if (cache && key !== null) {
        const hit = cache.lookup(key);
        if (hit) {
          if (!hit.fresh) cache.revalidate(key);
          sendCachedPage(req, res, hit.page, cache.headers);
          return;
        }
        const result = await cache.fill(key);
        if (result.page) {
          sendCachedPage(req, res, result.page, cache.headers);
          return;
        }
        // Not a page to keep (a 404, a redirect): the same answer for everyone who waited, unless
        // the API meant to set a cookie, which belongs to one browser: then this request renders below.
        if (!result.setsCookie) {
          sendPageResult(req, res, result);
          return;
        }
      }
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
      // A signed-in shopper's page (My plans, the profile, checkout): personal, never cached, and
      // suspending nowhere, so streaming it sent nothing sooner (issue 35).
      if (isSignedIn(context)) {
        const answer = { status: context.statusCode, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl(context, personal) } };
        await sendWholePage(req, res, pageElement(context, handler.dataRoutes, options), answer, abortAfterMs, options.logger);
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

/** The document of one page: the app in the route's context, its assets and its data block. */
function pageElement(context: StaticHandlerContext, dataRoutes: DataRoutes, options: SsrOptions) {
  const router = createStaticRouter(dataRoutes, context);
  const assets = assetsFor(options.manifest, modulesOf(context.matches));
  return (
    <Document assets={assets} lang={documentLangOf(context)} data={pageDataJson(context, options.publicConfig, assets.entryModule, assets.preloads)}>
      <ConfigProvider value={options.publicConfig}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ConfigProvider>
    </Document>
  );
}

/**
 * `<html lang>`: the language the shop's root loader decided for this request (its URL, else the
 * fan's cookie); a tree without it (the console) starts in the language its URL asks.
 */
function documentLangOf(context: StaticHandlerContext): 'en' | 'ja' {
  const english = (context.loaderData.root as Partial<RootData> | undefined)?.english;
  return (english ?? asksForEnglish(context.location.search)) ? 'en' : 'ja';
}

type DataRoutes = ReturnType<typeof createStaticHandler>['dataRoutes'];

function renderDocument(
  { 'user-agent': userAgent, 'accept-encoding': acceptEncoding }: IncomingHttpHeaders,
  res: ExpressResponse,
  context: StaticHandlerContext,
  dataRoutes: DataRoutes,
  options: SsrOptions,
  abortAfterMs: number,
  personal: boolean,
): void {
  const waitForAll = isbot(userAgent ?? '');
  let failed = false;

  const stream = renderToPipeableStream(pageElement(context, dataRoutes, options), {
    // A finished Suspense boundary stays in place, never moved in by an inline script the CSP
    // does not name (React outlines large ones otherwise; docs/decisions/0043-less-script.md).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    [waitForAll ? 'onAllReady' : 'onShellReady']() {
      res.status(failed ? 500 : context.statusCode);
      res.set({ 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl(context, personal), vary: PAGE_VARY });
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
      sendShellFailure(res, options.logger, error);
    },
    onError(error: unknown) {
      failed = true;
      options.logger.error({ err: error }, 'SSR render error');
    },
  });
  const timer = setTimeout(() => stream.abort(), abortAfterMs);
  res.on('close', () => clearTimeout(timer));
}

/**
 * One page as a visitor without a session sees it, for the shared cache: the URL alone decides it
 * (no cookie, no client header reaches the loaders; the address is the shop's public origin),
 * rendered whole. Kept only when it is a cacheable route at its canonical path, answered 200, set
 * no cookie, carries no user and rendered without an error.
 */
async function renderAnonymous(
  url: string,
  handler: ReturnType<typeof createStaticHandler>,
  loaderContext: (parts: LoaderContextParts) => unknown,
  options: SsrOptions,
  abortAfterMs: number,
): Promise<PageResult> {
  const signal = AbortSignal.timeout(options.apiTimeoutMs);
  const relay = createCookieRelay(undefined);
  const requestContext = loaderContext({
    baseUrl: options.apiOrigin,
    headers: { 'x-request-id': globalThis.crypto.randomUUID() },
    signal,
    fetch: relayingFetch(relay),
    relay,
  });
  const request = new Request(new URL(url, options.publicOrigin ?? 'http://localhost'), { signal });
  const context = await handler.query(request, { requestContext });
  const setsCookie = relay.setCookies().length > 0;
  if (context instanceof Response) {
    const headers: Record<string, string> = {};
    context.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
    });
    return { status: context.status, headers, body: Buffer.from(await context.arrayBuffer()), cacheable: false, setsCookie };
  }
  const { html, failed } = await renderToBuffer(pageElement(context, handler.dataRoutes, options), abortAfterMs, (error) => {
    options.logger.error({ err: error }, 'SSR render error');
  });
  const leaf = context.matches.at(-1);
  const cacheable = !failed && !setsCookie && context.statusCode === 200 && !context.errors && isAnonymous(context)
    && leaf !== undefined && isCacheablePage(leaf.route.id, leaf.params, context.location.pathname);
  return {
    status: failed ? 500 : context.statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl(context, false) },
    body: html,
    cacheable,
    setsCookie,
  };
}
