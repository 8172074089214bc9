import type http from 'node:http';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ConfigProvider } from '../../client/config.tsx';
import type { LoaderContext } from '../../client/data/api.ts';
import { createRouteTree, modulesOf } from '../../client/route-tree.ts';
import { createApiClient } from '../../shared/api/client.ts';
import type { PublicConfig } from '../../shared/config.ts';
import { requestLang } from '../../shared/lang-rule.ts';
import { Document } from '../../server/ssr/document.tsx';
import { pageDataJson } from '../../server/ssr/hydration.server.ts';
import { assetsFor, readManifest } from '../../server/ssr/manifest.server.ts';

/**
 * The SSR reference: the shop's own route tree, loaders, page components, document shell and
 * hydration data, rendered with `renderToString` on bare `node:http`: no Express, helmet, pino,
 * request guard or streaming. The shop's page minus this is what its web stack costs. It must
 * produce the shop's markup (run.ts checks the bytes); when the shop's render changes, so must this.
 */
const FORWARDED = ['cookie', 'accept-language', 'user-agent'] as const;

function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export function createSameMarkupRenderer(apiOrigin: string, publicConfig: PublicConfig): http.RequestListener {
  const handler = createStaticHandler(createRouteTree());
  const manifest = readManifest(path.resolve('dist/client'));

  async function render(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) if (req.headers[name]) headers[name] = String(req.headers[name]);
    const requestContext: LoaderContext = { api: createApiClient({ baseUrl: apiOrigin, headers }) };
    const context = await handler.query(new Request(url, { headers }), { requestContext });
    if (context instanceof Response) {
      send(res, context.status, { location: context.headers.get('location') ?? '/' }, '');
      return;
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const assets = assetsFor(manifest, modulesOf(context.matches));
    const data = pageDataJson(context, publicConfig, assets.entryModule, assets.preloads);
    const app = renderToString(
      <Document assets={assets} lang={requestLang(url.search, headers.cookie)} data={data}>
        <ConfigProvider value={publicConfig}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ConfigProvider>
      </Document>,
    );
    const html = `<!DOCTYPE html>${app}`;
    send(res, context.statusCode, { 'content-type': 'text/html; charset=utf-8' }, html);
  }

  return (req, res) => {
    render(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { 'content-type': 'text/plain' }, String(error));
      else res.destroy();
    });
  };
}
