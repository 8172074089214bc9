import { afterAll, describe, expect, it } from 'vitest';
import { collectOutput, describeExit, freePorts, killAll, shopEnv, spawnTracked, tempDataDir } from './process-fixtures.ts';

/**
 * The README's command, `npm start`, runs the shop as production: React's production server
 * build (the development one renders at about half the speed and ships development warnings),
 * without the user setting NODE_ENV. The metrics port reports which React build renders.
 */
afterAll(killAll);

async function startAndReadBuildInfo(command: string, args: string[]): Promise<{ buildInfo: string; banner: string; html: string; warnings: string[] }> {
  const [web = 0, api = 0, metrics = 0, admin = 0] = await freePorts(4);
  // No NODE_ENV at all, as in a user's shell.
  const env = shopEnv({ PORT: String(web), API_PORT: String(api), METRICS_PORT: String(metrics), ADMIN_PORT: String(admin), DATA_DIR: tempDataDir(), LOG_LEVEL: 'warn' });
  const child = spawnTracked(command, args, env);
  const output = collectOutput(child);
  const exited = describeExit(child);
  let gone = false;
  void exited.then(() => (gone = true));
  const started = Date.now();
  while (Date.now() - started < 45_000 && !gone) {
    const ok = await fetch(`http://127.0.0.1:${web}/healthz`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const html = await (await fetch(`http://127.0.0.1:${web}/`)).text();
  const metricsText = await (await fetch(`http://127.0.0.1:${metrics}/metrics`)).text();
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  await exited;
  return {
    buildInfo: metricsText.split('\n').find((line) => line.startsWith('oshibox_build_info{')) ?? '',
    banner: output().stdout,
    html,
    warnings: warningsIn(`${output().stdout}\n${output().stderr}`),
  };
}

/** The settings named by the log's warn lines (pino level 40) about production settings. */
function warningsIn(log: string): string[] {
  return log.split('\n').flatMap((line) => {
    const entry = /^\{.*\}$/.test(line) ? (JSON.parse(line) as { level?: number; setting?: string; msg?: string }) : {};
    return entry.level === 40 && entry.setting && entry.msg?.startsWith(`${entry.setting} `) ? [entry.setting] : [];
  });
}

describe('npm start', () => {
  it('renders with React production build and NODE_ENV=production, with no NODE_ENV set by the user', async () => {
    const run = await startAndReadBuildInfo('npm', ['start', '--silent']);
    expect(run.buildInfo).toBe('oshibox_build_info{role="all",node_env="production",react_build="production"} 1');
    expect(run.banner).toMatch(/is open at http:\/\/localhost:\d+\/ {2}\(production build\)/);
    expect(run.html).toContain('<html');
    // Issue 22: the demo settings a public shop must change, one line each, once.
    expect(run.warnings.sort()).toEqual(['INVOICE_REGISTRATION_NUMBER', 'PAYMENT_PROVIDER', 'PUBLIC_ORIGIN', 'TRUST_PROXY']);
  }, 90_000);

  it('(control) the bare `node dist/main.js` the old script ran renders with the development build', async () => {
    const run = await startAndReadBuildInfo(process.execPath, ['dist/main.js']);
    expect(run.buildInfo).toBe('oshibox_build_info{role="all",node_env="development",react_build="development"} 1');
    expect(run.banner).toMatch(/\(development build: slower, for working on the code\)/);
    expect(run.warnings).toEqual([]);
  }, 60_000);
});
