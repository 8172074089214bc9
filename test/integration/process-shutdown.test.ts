import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { drainUnderLoad, failuresBefore, inFlightAt, killAll, startShop } from './process-fixtures.ts';

/**
 * SIGTERM drains: readiness answers 503 at once on both tiers, responses say `Connection: close`,
 * every request that started before the signal finishes (no 5xx, no reset), the API closes only
 * after the web, and the process exits 0 within SHUTDOWN_TIMEOUT_MS even when clients stall.
 */
afterAll(killAll);

const TIMEOUT_MS = 8000;

describe('graceful shutdown', () => {
  it('role all: in-flight and keep-alive requests finish, readiness fails first, exit 0 in bounds', async () => {
    // A 3 s pre-drain delay leaves time to ask a page and an /api call while the server still accepts.
    const shop = await startShop('all', { SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS), SHUTDOWN_DELAY_MS: '3000' });
    const run = await drainUnderLoad(shop, [shop.webUrl, shop.apiUrl], TIMEOUT_MS);
    expect(inFlightAt(run.records, run.signalAt)).toBeGreaterThan(0);
    expect(failuresBefore(run.records, run.signalAt)).toEqual([]);
    expect(run.readiness).toEqual([
      { status: 503, connection: 'close' },
      { status: 503, connection: 'close' },
    ]);
    expect(run.closing).toEqual(['close', 'close']);
    expect(run.exit.code).toBe(0);
    expect(run.exit.at - run.signalAt).toBeLessThan(TIMEOUT_MS);
  }, 60_000);

  it('role all: stalled uploads and idle keep-alive clients do not hold the process past SHUTDOWN_TIMEOUT_MS', async () => {
    const shop = await startShop('all', { SHUTDOWN_TIMEOUT_MS: '3000' });
    const sockets = [
      await stalledUpload(shop.ports.web),
      await stalledUpload(shop.ports.api),
      await idleKeepAlive(shop.ports.web),
      await idleKeepAlive(shop.ports.api),
    ];
    const signalAt = Date.now();
    shop.child.kill('SIGTERM');
    const exit = await Promise.race([shop.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
    expect(exit, 'still running 15 s after SIGTERM').not.toBeNull();
    expect(exit?.code).toBe(0);
    // The deadline, plus at most a second for closing the database (and slack for a busy machine).
    expect((exit?.at ?? 0) - signalAt).toBeLessThan(3000 + 2500);
    expect(sockets.every((s) => s.destroyed || s.readableEnded)).toBe(true);
    for (const socket of sockets) socket.destroy();
  }, 60_000);
});

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** A POST that promised 100 bytes and sent 10: in flight until someone gives up. */
async function stalledUpload(port: number): Promise<net.Socket> {
  const socket = await connect(port);
  socket.on('error', () => undefined);
  socket.write('POST /api/login/emailLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"');
  socket.resume();
  return socket;
}

/** A keep-alive client that read one answer and then sits there. */
async function idleKeepAlive(port: number): Promise<net.Socket> {
  const socket = await connect(port);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    socket.once('data', () => resolve());
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
  socket.resume();
  return socket;
}
