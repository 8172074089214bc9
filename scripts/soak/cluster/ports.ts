import net from 'node:net';

/** Ports the kernel hands out now on loopback (all held at once, so they differ), then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((s) => {
    const address = s.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
