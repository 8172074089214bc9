import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimitedServer, serverLimitsFrom } from '../../server/http-limits.server.ts';
import { freePorts, killAll, startShop, type ShopProcess } from './process-fixtures.ts';

/**
 * Both listening servers carry limits for life behind a load balancer: slow clients are cut at
 * REQUEST_TIMEOUT_MS, connections above MAX_CONNECTIONS are dropped, idle keep-alive sockets
 * outlive the balancer's 60 s.
 */
afterAll(killAll);

interface Cut {
  afterMs: number;
  firstLine: string;
}

/** Connects, sends `head`, then one more `drip` every 300 ms until the server hangs up. */
function trickle(port: number, head: string, drip: string, limitMs = 10_000): Promise<Cut | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    const timer = setInterval(() => socket.write(drip), 300);
    const give = setTimeout(() => finish(null), limitMs);
    const finish = (cut: Cut | null): void => {
      clearInterval(timer);
      clearTimeout(give);
      socket.destroy();
      resolve(cut);
    };
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish({ afterMs: Date.now() - started, firstLine: received.split('\r\n')[0] ?? '' }));
    socket.write(head);
  });
}

describe('slow clients (REQUEST_TIMEOUT_MS=2000)', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop('all', { REQUEST_TIMEOUT_MS: '2000' });
  });

  it.each(['web', 'api'] as const)('the %s port cuts a slowloris client trickling headers with 408', async (tier) => {
    const cut = await trickle(shop.ports[tier], 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(cut, 'still connected after 10 s').not.toBeNull();
    expect(cut?.firstLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(cut?.afterMs).toBeGreaterThanOrEqual(1500);
    expect(cut?.afterMs).toBeLessThan(5000);
  });

  it.each(['web', 'api'] as const)('the %s port cuts an upload trickling its body', async (tier) => {
    const head = 'POST /api/login/emailLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
    const cut = await trickle(shop.ports[tier], head, ' ');
    expect(cut, 'still connected after 10 s').not.toBeNull();
    expect(cut?.afterMs).toBeLessThan(5000);
  });
});

describe('connection cap (MAX_CONNECTIONS=5)', () => {
  it('drops connections above the cap at once and serves again once one closes', async () => {
    const [deadApi = 0] = await freePorts(1);
    const web = await startShop('web', { MAX_CONNECTIONS: '5', API_ORIGIN: `http://127.0.0.1:${deadApi}` });
    const held = await Promise.all(Array.from({ length: 5 }, () => openSocket(web.ports.web)));
    // Each held socket served once and kept alive: the server has taken all five in.
    await Promise.all(held.map(servedOnce));
    const extra = await openSocket(web.ports.web);
    const dropped = await new Promise<boolean>((resolve) => {
      extra.once('close', () => resolve(true));
      extra.once('data', () => resolve(false));
      extra.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    expect(dropped).toBe(true);
    held[0]?.destroy();
    // Once the server has seen that one close, it serves again (a refused try before that is fine).
    const healthz = () => fetch(`${web.webUrl}/healthz`, { headers: { connection: 'close' } }).then((r) => r.status, () => 0);
    await expect.poll(healthz).toBe(200);
    for (const socket of held) socket.destroy();
  });
});

describe('serverLimitsFrom', () => {
  it('keeps idle sockets past a 60 s balancer timeout and bounds headers and requests', () => {
    const limits = serverLimitsFrom({ REQUEST_TIMEOUT_MS: 30_000, MAX_CONNECTIONS: 1000 });
    const server = createLimitedServer(limits, (_req, res) => res.end());
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
    expect(server.maxConnections).toBe(1000);
    expect(server.maxHeadersCount).toBe(100);
  });
});

/** Sends one keep-alive request on `socket` and waits for the first bytes of its answer. */
function servedOnce(socket: net.Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('data', () => resolve());
    socket.once('close', () => reject(new Error('a held connection was closed')));
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

function openSocket(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', (error) => (socket.connecting ? reject(error) : undefined));
  });
}
