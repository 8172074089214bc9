/**
 * Child process of the benchmark (forked by baseline-process.ts): every baseline server, in a
 * process of its own as the shop's web tier is, so neither shares an event loop with the other
 * or with the load generator. Gets its input as the first IPC message; answers with its URLs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseConfig, toPublicConfig } from '../../shared/config.ts';
import { securityOptionsOf } from '../../server/app.server.ts';
import { securityHeaderList } from '../../server/security.server.ts';
import { createBareExpress, createBareProxy, createStaticFloor } from './bare-servers.ts';
import type { BaselineInput, BaselineUrls } from './baseline-process.ts';
import { createSameMarkupRenderer } from './same-markup-renderer.tsx';

function listen(listener: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer({ keepAlive: true }, listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

async function start(input: BaselineInput): Promise<void> {
  // The same public configuration the web process derives from the same environment.
  const parsed = parseConfig({ ...input.webEnv, NODE_ENV: 'production' });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const started = await Promise.all([
    listen(createBareExpress(input.trivial.path, input.trivial.body, input.trivial.contentType, securityHeaderList(securityOptionsOf(parsed.config)))),
    listen(createBareProxy(input.apiOrigin)),
    listen(createStaticFloor(input.floorPages)),
    listen(createSameMarkupRenderer(input.apiOrigin, toPublicConfig(parsed.config))),
  ]);
  const [bareExpress, bareProxy, staticFloor, reference] = started.map((s) => s.url);
  const urls: BaselineUrls = { bareExpress: bareExpress ?? '', bareProxy: bareProxy ?? '', staticFloor: staticFloor ?? '', reference: reference ?? '' };
  process.send?.({ type: 'ready', urls });
  // The parent went away: do not linger holding ports.
  process.on('disconnect', () => process.exit(0));
}

process.once('message', (message: { type: 'start'; input: BaselineInput }) => {
  start(message.input).catch((error: unknown) => {
    process.send?.({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
