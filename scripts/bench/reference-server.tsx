import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderToString } from 'react-dom/server';
import { createApiClient } from '../../shared/api/client.ts';
import type { Artist, CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPE_LABELS } from '../../shared/artist-types.ts';
import { href } from '../../shared/routes.ts';

/**
 * The benchmark's lower bound for server rendering the lineup: a bare `node:http` server that
 * asks the same API for the same data and renders it with `renderToString`, using the same route
 * table. No React Router, no Express, no helmet, no logging, no streaming.
 */
export interface ReferenceServer {
  url: string;
  close(): Promise<void>;
}

function ArtistItem({ artist }: { artist: Artist }) {
  return (
    <li>
      <a href={href('artist', { slug: artist.slug })}>{artist.name}</a>
      {artist.subName ? <span> {artist.subName}</span> : null}
    </li>
  );
}

function LineupPage({ data }: { data: CategoryArtists }) {
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <title>ラインナップ</title>
      </head>
      <body>
        <h1>ラインナップ</h1>
        <nav>
          <ul>
            {data.categories.map((c) => (
              <li key={c.type}>
                <a href={`${href('lineup')}#category-${c.type}`}>{ARTIST_TYPE_LABELS[c.type].ja}</a>
              </li>
            ))}
          </ul>
        </nav>
        {data.categories.map((c) => (
          <section key={c.type} id={`category-${c.type}`}>
            <h2>{ARTIST_TYPE_LABELS[c.type].ja}</h2>
            <ul>
              {c.artists.map((artist) => (
                <ArtistItem key={artist.id} artist={artist} />
              ))}
            </ul>
          </section>
        ))}
      </body>
    </html>
  );
}

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handle(apiUrl: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== href('lineup')) {
    send(res, 404, 'text/plain; charset=utf-8', 'not found');
    return;
  }
  const result = await createApiClient({ baseUrl: apiUrl }).categoryArtists();
  if (!result.ok) {
    send(res, 502, 'text/plain; charset=utf-8', `API answered ${result.status}`);
    return;
  }
  const html = `<!DOCTYPE html>${renderToString(<LineupPage data={result.data} />)}`;
  send(res, 200, 'text/html; charset=utf-8', html);
}

export function startReferenceServer(apiUrl: string): Promise<ReferenceServer> {
  const server = http.createServer((req, res) => {
    handle(apiUrl, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', String(error));
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
