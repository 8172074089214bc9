import net from 'node:net';
import { pino } from 'pino';

/**
 * What the in-process database-fault tests share: a logger that keeps its lines, a wait with a
 * deadline, a record of uncaught errors (an 'error' event nobody listens to is one), and a TCP
 * relay to PostgreSQL that can cut the network (the real server is shared, never stopped).
 */
export interface LoggedLine {
  msg: string;
  code?: string;
  message?: string;
  inUse?: boolean;
}

/** A logger that keeps its lines, to check what was logged (and that no secret was). */
export function memoryLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const parsed = (msg: string): LoggedLine[] =>
    lines.map((line): LoggedLine => JSON.parse(line)).filter((line) => line.msg === msg);
  return { logger, lines, parsed };
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Uncaught exceptions and unhandled rejections while it runs. An 'error' event without a listener
 * throws from the socket callback that emitted it, and a rejection nobody awaits yet is unhandled:
 * in a server either ends the process; here the test sees it and fails.
 */
export function catchUncaught() {
  const errors: string[] = [];
  const record = (error: unknown): void => void errors.push(error instanceof Error ? error.message : String(error));
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    errors,
    stop: () => {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}

export type RelayMode = 'forward' | 'hang';

/** node:net relay to PostgreSQL; `cut()` drops every connection and refuses new ones. */
export class Relay {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;
  mode: RelayMode = 'forward';

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('error', () => undefined).on('close', () => this.sockets.delete(client));
    if (this.mode === 'hang') return; // accepts and never answers: a black-holed network
    const upstream = net.connect(this.target);
    this.sockets.add(upstream);
    upstream.on('error', () => client.destroy()).on('close', () => this.sockets.delete(upstream));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  }

  /** Drops every connection; with `refuse`, the port stops listening too. */
  async cut(refuse: boolean): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (!refuse || !this.server) return;
    const server = this.server;
    this.server = null;
    await new Promise((resolve) => server.close(resolve));
  }
}
