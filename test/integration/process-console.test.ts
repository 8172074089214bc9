import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, shopEnv, startShop } from './process-fixtures.ts';

/**
 * The operator console's listener as an operator starts it (issue 19): part of role all, alone
 * as role admin, on ADMIN_PORT, measured and health-checked like the other tiers.
 */
afterAll(killAll);

const run = promisify(execFile);

async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}

describe('role all', () => {
  it('opens the console on ADMIN_PORT beside the shop, whose port 404s it; the banner names the console', async () => {
    const shop = await startShop('all');
    expect(await statusOf(`${shop.adminUrl}/login`)).toBe(200);
    expect(await statusOf(`${shop.adminUrl}/healthz`)).toBe(200);
    expect(await statusOf(`${shop.adminUrl}/readyz`)).toBe(200);
    expect(await statusOf(`${shop.webUrl}/admin`)).toBe(404);
    expect(await statusOf(`${shop.webUrl}/api/staff/me`)).toBe(404);
    await expect.poll(() => shop.output().stdout).toContain(`The operator console (ADMIN_PORT) is at http://localhost:${shop.ports.admin}/`);
    const metrics = await (await fetch(`${shop.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^http_request_duration_seconds_count\{tier="admin",method="GET",route="\/login",status_code="200"\} [1-9]/m);
  }, 60_000);
});

describe('role admin', () => {
  it('serves the console alone: no shop pages, no API; the image’s health check asks ADMIN_PORT', async () => {
    const shop = await startShop('admin');
    expect(await statusOf(`${shop.adminUrl}/login`)).toBe(200);
    await expect(fetch(`${shop.webUrl}/healthz`)).rejects.toThrow();
    await expect(fetch(`${shop.apiUrl}/healthz`)).rejects.toThrow();
    // Without an API the console is alive but not ready.
    expect(await statusOf(`${shop.adminUrl}/readyz`)).toBe(503);
    const env = shopEnv({ ADMIN_PORT: String(shop.ports.admin), PORT: String(shop.ports.web), API_PORT: String(shop.ports.api) });
    await expect(run(process.execPath, ['dist/healthcheck.js', 'admin'], { env })).resolves.toBeDefined();
    const all = await run(process.execPath, ['dist/healthcheck.js', 'all'], { env }).catch((error: { code: number; stderr: string }) => error);
    expect(all).toMatchObject({ code: 1, stderr: expect.stringContaining('PORT') });
  }, 60_000);
});
