import type { Server } from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAfterReply } from '../../api/mail/mail-after-reply.ts';
import { createWebService, type WebService } from '../../server/app.server.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';

/**
 * Issue 29 (L): in role `all` the web tier's /api proxy and the API share one event loop, so work
 * the API runs "after the reply" held the relay of that reply back while it ran: a code request
 * for a known address answered ~9 ms later through the web port. Here the work blocks this
 * thread the way PGlite's queries do (Atomics.wait) until a client on another thread (its own
 * event loop, like a prober's) has the whole answer. The answer can only arrive if the web tier
 * relayed it before the work began; else the wait runs out.
 */
const CLIENT = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const flag = new Int32Array(workerData.shared);
const req = http.request(workerData.url, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' } }, (res) => {
  let body = '';
  res.on('data', (chunk) => { body += chunk; });
  res.on('end', () => {
    Atomics.store(flag, 0, res.statusCode);
    Atomics.notify(flag, 0);
    parentPort.postMessage(body);
  });
});
req.on('error', (error) => parentPort.postMessage('error: ' + error.message));
req.end('{}');
`;
const WAIT_LIMIT_MS = 5_000;

let servers: Server[] = [];
let service: WebService;
let webUrl: string;
/** What the deferred work saw when it began: the status the client had by then, or how the wait ended. */
let seenByWork: Promise<string>;
let shared: SharedArrayBuffer;

beforeAll(async () => {
  shared = new SharedArrayBuffer(4);
  let report: (seen: string) => void = () => undefined;
  seenByWork = new Promise((resolve) => {
    report = resolve;
  });
  const api = express();
  api.post('/api/probe', (_req, res) => {
    res.json({ ok: true });
    runAfterReply({ logger: silentLogger }, res, 'probe', async () => {
      const flag = new Int32Array(shared);
      const outcome = Atomics.wait(flag, 0, 0, WAIT_LIMIT_MS);
      report(outcome === 'timed-out' ? 'nothing: the reply was held back' : `status ${Atomics.load(flag, 0)}`);
    });
  });
  const apiServer = await listenOnLoopback(api);
  service = createWebService({ config: testConfig({ API_ORIGIN: apiServer.url }), logger: silentLogger, clientDir: path.resolve('dist/client') });
  const webServer = await listenOnLoopback(service.listener);
  servers = [apiServer.server, webServer.server];
  webUrl = webServer.url;
});

afterAll(async () => {
  service?.stop();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('work after the reply, with the web tier on the same event loop (role all)', () => {
  it('begins only once the proxied reply is with the client', async () => {
    const client = new Worker(CLIENT, { eval: true, workerData: { url: `${webUrl}/api/probe`, shared } });
    try {
      const body = await new Promise<string>((resolve) => client.once('message', resolve));
      expect(body).toBe('{"ok":true}');
      expect(await seenByWork).toBe('status 200');
    } finally {
      await client.terminate();
    }
  });
});
