import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port the kernel gives outgoing connections and `listen(0)` (Linux's ip_local_port_range). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > FIRST_PORT + 1000 ? low : 32768;
  } catch {
    return 32768;
  }
}

const FIRST_PORT = 10_000;

/** Binds `port` on loopback, or null when something holds it. */
const hold = (port: number) => new Promise<net.Server | null>((resolve) => {
  const server = net.createServer();
  server.once('error', () => resolve(null));
  server.listen(port, '127.0.0.1', () => resolve(server));
});

/**
 * Ports free now on loopback, all held at once (so they differ), then released for the processes
 * that will listen on them. Taken BELOW the kernel's ephemeral range: a port `listen(0)` hands out
 * is one any outgoing connection (a database pool, a keep-alive agent) may take between this
 * check and the process's bind, and once that left HAProxy unable to bind at start.
 */
export async function freePorts(count: number): Promise<number[]> {
  const high = ephemeralLow();
  const held: net.Server[] = [];
  const ports: number[] = [];
  try {
    for (let tries = 0; ports.length < count; tries += 1) {
      if (tries >= 1000) throw new Error(`no ${count} free loopback ports between ${FIRST_PORT} and ${high}`);
      const port = FIRST_PORT + Math.floor(Math.random() * (high - FIRST_PORT));
      if (ports.includes(port)) continue;
      const server = await hold(port);
      if (server) {
        held.push(server);
        ports.push(port);
      }
    }
  } finally {
    await Promise.all(held.map((s) => new Promise((resolve) => s.close(resolve))));
  }
  return ports;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
