import net from 'node:net';
import pg from 'pg';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { bootApi } from '../../api/boot.ts';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { StartupError } from '../../shared/startup-error.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { testConfig } from '../support/stack.ts';

/**
 * PostgreSQL faults the API must ride out: connections killed by the server, the network to it
 * cut or black-holed, an unreachable DATABASE_URL at start. The real server is never stopped
 * (other test files share it): a TCP relay stands between the API's pool and PostgreSQL instead.
 */
const adminUrl = process.env.DATABASE_URL;

/** A logger that keeps its lines, to check what was logged (and that no secret was). */
function memoryLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

type RelayMode = 'forward' | 'hang';

/** node:net relay to PostgreSQL; `cut()` drops every connection and refuses new ones. */
class Relay {
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

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** TCP sockets this process holds open (each pool connection is one). */
function openSockets(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
const publicOrigin = testConfig().PUBLIC_ORIGIN;

describe.skipIf(!adminUrl)('on real PostgreSQL', () => {
  let database: TestDatabase;
  let dbName: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.handle.db);
    dbName = new URL(database.url ?? '').pathname.slice(1);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('survives pg_terminate_backend on every connection; the next request answers 200', async () => {
    const { logger, lines } = memoryLogger();
    const handle = await openDatabase({ databaseUrl: database.url ?? '', dataDir: 'memory://', poolSize: 4, logger });
    const app = createApiApp({ db: handle.db, logger, now: () => new Date(), publicOrigin, mailer });
    try {
      const warm = await Promise.all(Array.from({ length: 4 }, () => request(app).get('/api/artist')));
      expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const killed = await adminQuery<{ pg_terminate_backend: boolean }>(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      expect(killed.length).toBeGreaterThan(0);
      // Each idle connection's death reaches the pool's 'error' listener (no listener: the process exits).
      await waitFor(() => lines.filter((l) => l.includes('PostgreSQL connection lost while idle')).length >= 1, 5000);
      // …and every dead connection has left the pool, so the next request gets a fresh one.
      await waitFor(() => handle.poolStats?.().total === 0, 5000);
      expect((await request(app).get('/api/artist')).status).toBe(200);
      expect((await request(app).get('/readyz')).status).toBe(200);
    } finally {
      await handle.close();
    }
  });

  describe('an outage between the API and PostgreSQL (TCP relay)', () => {
    let relay: Relay;
    let handle: DatabaseHandle;
    let app: ReturnType<typeof createApiApp>;
    let logged: string[];

    beforeAll(async () => {
      const target = new URL(adminUrl ?? '');
      relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
      await relay.open();
      const url = new URL(database.url ?? '');
      url.host = `127.0.0.1:${relay.port}`;
      const { logger, lines } = memoryLogger();
      logged = lines;
      handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 3, logger });
      app = createApiApp({ db: handle.db, logger, now: () => new Date(), publicOrigin, mailer });
    });

    afterAll(async () => {
      await handle?.close();
      await relay?.cut(true);
    });

    async function expectOutage(): Promise<void> {
      const started = Date.now();
      const res = await request(app).get('/api/artist');
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message: 'ただいまデータベースに接続できません。しばらくしてから再度お試しください。',
        messageEn: 'The database is unavailable right now. Please try again shortly.',
      });
      expect(res.headers['retry-after']).toBe('5');
      const readyStarted = Date.now();
      expect((await request(app).get('/readyz')).status).toBe(503);
      expect(Date.now() - readyStarted).toBeLessThan(5000);
      expect((await request(app).get('/healthz')).status).toBe(200);
    }

    async function expectRecovered(): Promise<void> {
      const res = await request(app).get('/api/artist');
      expect(res.status).toBe(200);
      expect((await request(app).get('/readyz')).body).toEqual({ ok: true, database: true });
    }

    it('answers 200 through the relay', async () => {
      await expectRecovered();
    });

    it('connection refused: 503 with Retry-After in under 5 s, /readyz 503, /healthz 200; then recovers', async () => {
      await relay.cut(true);
      await expectOutage();
      await expectOutage(); // and again: the pool does not wedge
      await relay.open();
      await expectRecovered();
    });

    it('black-holed network (connects, never answers): 503 within the connect deadline; then recovers', async () => {
      relay.mode = 'hang';
      await relay.cut(false);
      await expectOutage();
      relay.mode = 'forward';
      await relay.cut(false); // the hung sockets go; new ones forward again
      await expectRecovered();
    });

    it('logs the outage without the connection string', () => {
      expect(logged.join('\n')).toContain('database unavailable');
      expect(logged.join('\n')).not.toContain('postgres://');
    });
  });

  it('idle pool connections killed by `drop database … with (force)` raise no unhandled error', async () => {
    const scratch = await createTestDatabase();
    const { logger, lines } = memoryLogger();
    const handle = await openDatabase({ databaseUrl: scratch.url ?? '', dataDir: 'memory://', poolSize: 3, logger });
    await Promise.all(Array.from({ length: 3 }, () => handle.db.selectFrom('artists').select('id').execute()));
    const name = new URL(scratch.url ?? '').pathname.slice(1);
    await adminQuery(`drop database ${name} with (force)`);
    await waitFor(() => lines.length >= 1, 5000);
    await handle.close();
    await scratch.destroy();
  });

  it('teardown (close the pool fully, then drop) leaves no session behind, 5 times over', async () => {
    for (let i = 0; i < 5; i++) {
      const scratch = await createTestDatabase();
      const name = new URL(scratch.url ?? '').pathname.slice(1);
      const before = openSockets();
      await Promise.all(Array.from({ length: 5 }, () => scratch.handle.db.selectFrom('artists').select('id').execute()));
      expect(openSockets()).toBeGreaterThan(before);
      await scratch.handle.close();
      // pg-pool's end() alone resolves while the sockets are still closing.
      expect(openSockets()).toBeLessThanOrEqual(before);
      const left = await adminQuery('select pid from pg_stat_activity where datname = $1', [name]);
      expect(left).toEqual([]);
      await scratch.destroy();
    }
  });
});

describe('an unreachable DATABASE_URL at start', () => {
  it('rejects with a one-line StartupError naming the setting and the address, never the password', async () => {
    const config = testConfig({ DATABASE_URL: 'postgres://shop:Sup3rSecretPw@127.0.0.1:5999/oshibox' });
    const error: unknown = await bootApi(config, pino({ level: 'silent' })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect(error).toHaveProperty('message', 'DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:5999/oshibox (ECONNREFUSED)');
    expect(String(error)).not.toContain('Sup3rSecretPw');
  });

  it('gives up on a server that never answers within the connect deadline', async () => {
    const relay = new Relay({ host: '127.0.0.1', port: 9 });
    relay.mode = 'hang';
    await relay.open();
    try {
      const started = Date.now();
      const config = testConfig({ DATABASE_URL: `postgres://shop:Sup3rSecretPw@127.0.0.1:${relay.port}/oshibox` });
      await expect(bootApi(config, pino({ level: 'silent' }))).rejects.toThrow(
        `DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:${relay.port}/oshibox (no answer within 3000 ms)`,
      );
      expect(Date.now() - started).toBeLessThan(6000);
    } finally {
      await relay.cut(true);
    }
  });
});
