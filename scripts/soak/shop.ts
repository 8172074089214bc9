import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browsingPaths } from './browsing-paths.ts';
import { freePorts } from './cluster/ports.ts';

const READY_LIMIT_MS = 90_000;
const STOP_LIMIT_MS = 30_000;

/**
 * `node dist/main.js all` as production on loopback ports, PGlite in a temporary DATA_DIR (seeded
 * with the demo catalogue), its server RSS read from its own metrics port.
 */
export async function startSoakShop() {
  const [web = 0, api = 0, metrics = 0, admin = 0] = await freePorts(4);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-soak-'));
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(web),
    API_PORT: String(api),
    METRICS_PORT: String(metrics),
    ADMIN_PORT: String(admin),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['dist/main.js', 'all'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const webUrl = `http://127.0.0.1:${web}`;
  const started = Date.now();
  while (!(await fetch(`${webUrl}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() - started > READY_LIMIT_MS) throw new Error('the shop did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const cleanUp = (): void => rmSync(dataDir, { recursive: true, force: true });
  return {
    webUrl,
    async rss(): Promise<number> {
      const text = await (await fetch(`http://127.0.0.1:${metrics}/metrics`)).text();
      return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
    },
    /** What a shopper browses (scripts/soak/browsing-paths.ts), through the web tier. */
    browsingPaths: () => browsingPaths(webUrl),
    /** SIGTERM: the drain must end in exit 0. */
    async stop(): Promise<{ code: number | null; ms: number }> {
      const at = Date.now();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
      const code = await exited;
      clearTimeout(timer);
      cleanUp();
      return { code, ms: Date.now() - at };
    },
    async kill(): Promise<void> {
      child.kill('SIGKILL');
      await exited;
      cleanUp();
    },
  };
}
