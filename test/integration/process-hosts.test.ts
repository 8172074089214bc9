import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_MAIN, collectOutput, describeExit, killAll, shopEnv, spawnTracked, startShop, tempDataDir, type ShopProcess } from './process-fixtures.ts';

/**
 * The report on the built shop as `npm start` runs it (role all, mail to the outbox,
 * loopback): `curl -H 'Host: rebind.attacker.example' …/dev/mail` answered 200 with everyone's
 * codes. Now both tiers, configured from the environment, answer only their own names.
 */
afterAll(killAll);

let shop: ShopProcess;

beforeAll(async () => {
  shop = await startShop('all', { ALLOWED_HOSTS: 'shop-alias.example' });
}, 60_000);

/** fetch cannot set Host; node:http can. */
function statusWithHost(url: string, host: string, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { host, 'content-type': 'application/json', 'content-length': '2' }, timeout: 10_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.once('error', reject);
    req.end('{}');
  });
}

describe('npm start on loopback', () => {
  it('the mail page, a page and /api with a rebinding Host are 421; the shop’s own names are answered', async () => {
    for (const target of ['/dev/mail', '/faq', '/api/banner']) {
      expect(await statusWithHost(`${shop.webUrl}${target}`, 'rebind.attacker.example'), target).toBe(421);
    }
    expect(await statusWithHost(`${shop.webUrl}/dev/mail`, `localhost:${shop.ports.web}`)).toBe(200);
    expect(await statusWithHost(`${shop.webUrl}/faq`, 'shop-alias.example')).toBe(200);
    expect(await statusWithHost(`${shop.webUrl}/api/banner`, 'shop-alias.example')).toBe(200);
  });

  it('the API, /ops included, refuses a rebinding Host and answers its own', async () => {
    expect(await statusWithHost(`${shop.apiUrl}/api/banner`, `rebind.attacker.example:${shop.ports.api}`)).toBe(421);
    expect(await statusWithHost(`${shop.apiUrl}/ops/billing`, 'rebind.attacker.example', 'POST')).toBe(421);
    expect(await statusWithHost(`${shop.apiUrl}/api/banner`, `127.0.0.1:${shop.ports.api}`)).toBe(200);
    expect(await statusWithHost(`${shop.apiUrl}/healthz`, 'rebind.attacker.example')).toBe(200);
  });
});

describe('a bad ALLOWED_HOSTS', () => {
  it('stops the start with status 1 and the setting named', async () => {
    const child = spawnTracked(process.execPath, [SHOP_MAIN, 'all'], shopEnv({ DATA_DIR: tempDataDir(), ALLOWED_HOSTS: 'https://shop.example/' }));
    const output = collectOutput(child);
    const exit = await Promise.race([describeExit(child), new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000))]);
    expect(exit, `still running after 20 s: ${output().stdout}`).not.toBeNull();
    expect(exit?.code).toBe(1);
    expect(output().stderr).toMatch(/ALLOWED_HOSTS: host names or host:port, comma-separated, like shop\.example.*not https:\/\/shop\.example\//);
  }, 30_000);
});
