import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePorts, sleep } from './ports.ts';

export type Role = 'web' | 'api' | 'admin';

const READY_LIMIT_MS = 60_000;
const LOG_TAIL_LINES = 30;

export interface CopyOptions {
  name: string;
  role: Role;
  /** Settings every copy shares (scripts/soak-cluster.ts); ports and DATA_DIR are the copy's own. */
  env: Record<string, string>;
  /** The run's temporary directory: the copy's log and DATA_DIR go under it. */
  runDir: string;
  /** SHUTDOWN_TIMEOUT_MS of the copy: a SIGTERM must end in exit 0 within it. */
  shutdownTimeoutMs: number;
}

export interface Drain { ms: number; code: number | null; signal: string | null }

/**
 * One `node dist/main.js <role>` of the soak: its own ports (PORT, API_PORT, ADMIN_PORT,
 * METRICS_PORT, all free), its own DATA_DIR and log file, restarted on the same ports so HAProxy's
 * `server` line keeps pointing at it.
 */
export class ShopCopy {
  readonly name: string;
  readonly role: Role;
  port = 0;
  private metricsPort = 0;
  private ports: Record<string, string> = {};
  private child: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: string | null }> = Promise.resolve({ code: null, signal: null });
  private readonly logFile: string;
  private readonly dataDir: string;
  /** How many times the process was started (1 = never restarted). */
  starts = 0;

  constructor(private readonly options: CopyOptions) {
    this.name = options.name;
    this.role = options.role;
    this.logFile = path.join(options.runDir, `${options.name}.log`);
    this.dataDir = path.join(options.runDir, `${options.name}-data`);
  }

  /** Picks the ports once; HAProxy's generated config needs `port` before the first start. */
  async allocate(): Promise<void> {
    const [web = 0, api = 0, admin = 0, metrics = 0] = await freePorts(4);
    this.ports = { PORT: String(web), API_PORT: String(api), ADMIN_PORT: String(admin), METRICS_PORT: String(metrics) };
    this.port = this.options.role === 'web' ? web : this.options.role === 'api' ? api : admin;
    this.metricsPort = metrics;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    mkdirSync(this.dataDir, { recursive: true });
    const fd = openSync(this.logFile, 'a');
    const env = { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...this.options.env, ...this.ports, DATA_DIR: this.dataDir };
    const child = spawn(process.execPath, ['dist/main.js', this.role], { env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    this.child = child;
    this.starts += 1;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Polls the copy's own /readyz until 200; on failure throws with the tail of its log. */
  async ready(limitMs = READY_LIMIT_MS): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.logTail()}`);
      const ok = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
      if (ok) return Date.now();
      await sleep(200);
    }
    throw new Error(`${this.name} not ready within ${limitMs} ms:\n${this.logTail()}`);
  }

  async startReady(): Promise<number> {
    this.start();
    return this.ready();
  }

  /** kill -9: no drain, no cleanup; what a crashed machine does. */
  async kill9(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait for the exit: a drain longer than SHUTDOWN_TIMEOUT_MS (+2 s) is SIGKILLed. */
  async term(): Promise<Drain> {
    if (!this.running) return { ms: 0, code: null, signal: 'not running' };
    const at = Date.now();
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), this.options.shutdownTimeoutMs + 2000);
    const { code, signal } = await this.exited;
    clearTimeout(timer);
    return { ms: Date.now() - at, code, signal };
  }

  /** Starts it again on the same ports; resolves when its /readyz answers 200. */
  async restart(): Promise<number> {
    if (this.running) await this.kill9();
    return this.startReady();
  }

  /** process_resident_memory_bytes from the copy's METRICS_PORT. */
  async rss(): Promise<number> {
    const response = await fetch(`http://127.0.0.1:${this.metricsPort}/metrics`, { signal: AbortSignal.timeout(5000) });
    const text = await response.text();
    return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
  }

  logTail(lines = LOG_TAIL_LINES): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  readLog(): string {
    try {
      return readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  /** SIGKILL if still running (the cleanup path), then its data directory goes. */
  async destroy(): Promise<void> {
    if (this.running) await this.kill9();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
