import { describe, expect, it } from 'vitest';
import { parseConfig, toPublicConfig, type Config } from '../../shared/config.ts';

function parseOk(env: Record<string, string | undefined>): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(`expected a valid config, got: ${result.problems.join('; ')}`);
  return result.config;
}

function problemsOf(env: Record<string, string | undefined>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected the config to be refused');
  return result.problems;
}

describe('parseConfig', () => {
  it('fills the defaults from an empty environment', () => {
    const config = parseOk({});
    expect(config.PORT).toBe(3000);
    expect(config.API_PORT).toBe(3001);
    expect(config.NODE_ENV).toBe('development');
    expect(config.API_ORIGIN).toBe('http://127.0.0.1:3001');
    expect(config.PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('derives the API and public origins from the ports', () => {
    const config = parseOk({ PORT: '8080', API_PORT: '9090' });
    expect(config.PORT).toBe(8080);
    expect(config.API_ORIGIN).toBe('http://127.0.0.1:9090');
    expect(config.PUBLIC_ORIGIN).toBe('http://localhost:8080');
  });

  it('keeps explicit origins', () => {
    const config = parseOk({ API_ORIGIN: 'http://api.internal:4000', PUBLIC_ORIGIN: 'https://shop.example' });
    expect(config.API_ORIGIN).toBe('http://api.internal:4000');
    expect(config.PUBLIC_ORIGIN).toBe('https://shop.example');
  });

  it('reports every bad key at once', () => {
    const problems = problemsOf({ PORT: 'abc', API_ORIGIN: 'notaurl' });
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('API_ORIGIN:'))).toBe(true);
  });

  it('names each kind of bad value', () => {
    const problems = problemsOf({
      PORT: '70000',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://x',
      ANALYTICS_ID: 'g-lower',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['ANALYTICS_ID', 'DATABASE_URL', 'NODE_ENV', 'PORT']);
  });

  // Regression (issue 17): `PORT=abc` said "expected number, received NaN".
  it.each([
    ['PORT', 'abc', '0 to 65535'],
    ['API_PORT', '3001.5', '0 to 65535'],
    ['METRICS_PORT', '70000', '0 to 65535 (0 turns metrics off)'],
    ['PROXY_TIMEOUT_MS', '10s', '1 to 600000'],
    ['SHUTDOWN_TIMEOUT_MS', '-1', '1000 to 600000'],
    ['SHUTDOWN_DELAY_MS', 'soon', '0 to 60000'],
    ['REQUEST_TIMEOUT_MS', '1e4', '1000 to 600000'],
    ['MAX_CONNECTIONS', '0', '1 to 1000000'],
    ['SANDBOX_LATENCY_MS', ' ', '0 to 10000'],
    ['BILLING_INTERVAL_MS', '0x10', '1000 to 3600000'],
    ['BILLING_CONCURRENCY', 'many', '1 to 256'],
    ['BILLING_LEASE_MS', 'NaN', '1000 to 3600000'],
    ['VAULT_UNLOCK_DAYS_AFTER_SHIP', '0', '1 to 60'],
    ['CATALOGUE_POLL_MS', '99', '100 to 60000'],
    ['CATALOGUE_POLL_MS', '60001', '100 to 60000'],
    ['SHOPPER_MISSED_ROUNDS_TO_PAUSE', '13', '0 to 12'],
  ])('%s=%j is refused with the key, the value given and the range', (key, value, range) => {
    expect(problemsOf({ [key]: value })).toEqual([`${key}: ${JSON.stringify(value)} is not a whole number from ${range}`]);
  });

  it('accepts every numeric setting at the ends of its range', () => {
    const config = parseOk({ PORT: '0', API_PORT: '65535', METRICS_PORT: '0', PROXY_TIMEOUT_MS: '1', MAX_CONNECTIONS: ' 1000000 ' });
    expect([config.PORT, config.API_PORT, config.METRICS_PORT, config.PROXY_TIMEOUT_MS, config.MAX_CONNECTIONS]).toEqual([0, 65535, 0, 1, 1_000_000]);
  });

  it('pauses a konbini/PayPay subscription after 2 unpaid rounds in a row unless told; 0 never pauses', () => {
    expect(parseOk({}).SHOPPER_MISSED_ROUNDS_TO_PAUSE).toBe(2);
    expect([parseOk({ SHOPPER_MISSED_ROUNDS_TO_PAUSE: '0' }).SHOPPER_MISSED_ROUNDS_TO_PAUSE, parseOk({ SHOPPER_MISSED_ROUNDS_TO_PAUSE: '3' }).SHOPPER_MISSED_ROUNDS_TO_PAUSE]).toEqual([0, 3]);
  });

  it('polls the catalogue version every second unless told, from 100 ms to a minute', () => {
    expect(parseOk({}).CATALOGUE_POLL_MS).toBe(1000);
    expect([parseOk({ CATALOGUE_POLL_MS: '100' }).CATALOGUE_POLL_MS, parseOk({ CATALOGUE_POLL_MS: '60000' }).CATALOGUE_POLL_MS]).toEqual([100, 60_000]);
  });

  it('treats empty strings as unset', () => {
    const config = parseOk({ PORT: '', API_ORIGIN: '', DATABASE_URL: '', ANALYTICS_ID: '' });
    expect(config.PORT).toBe(3000);
    expect(config.API_ORIGIN).toBe('http://127.0.0.1:3001');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ANALYTICS_ID).toBeUndefined();
  });
});

describe('toPublicConfig', () => {
  const SECRET_URL = 'postgres://shop:s3cret-pa55@db.internal:5432/oshibox';

  it('exposes only the whitelisted, public values', () => {
    const config = parseOk({
      DATABASE_URL: SECRET_URL,
      DATA_DIR: '/var/lib/oshibox-private',
      API_ORIGIN: 'http://10.0.0.7:3001',
      PUBLIC_ORIGIN: 'https://shop.example',
      ANALYTICS_ID: 'G-ABC123',
    });
    const publicConfig = toPublicConfig(config);
    const json = JSON.stringify(publicConfig);
    expect(json).not.toContain(SECRET_URL);
    expect(json).not.toContain('s3cret-pa55');
    expect(json).not.toContain('/var/lib/oshibox-private');
    expect(json).not.toContain('10.0.0.7');
    expect(Object.keys(publicConfig).sort()).toEqual(['analyticsId', 'brandName', 'company', 'deferredPayment', 'invoiceIssuer', 'paymentTestMode', 'publicOrigin', 'social']);
    expect(publicConfig.publicOrigin).toBe('https://shop.example');
    expect(publicConfig.analyticsId).toBe('G-ABC123');
    expect(publicConfig.brandName).toBe('OshiBox');
  });

  it('offers deferred payment unless DEFERRED_PAYMENT=off, and refuses any other value', () => {
    expect(toPublicConfig(parseOk({})).deferredPayment).toBe(true);
    expect(toPublicConfig(parseOk({ DEFERRED_PAYMENT: 'off' })).deferredPayment).toBe(false);
    expect(problemsOf({ DEFERRED_PAYMENT: 'no' }).join(' ')).toContain('DEFERRED_PAYMENT');
  });

  it('gives null rather than nothing when there is no analytics id', () => {
    expect(toPublicConfig(parseOk({})).analyticsId).toBeNull();
  });
});

describe('ALLOWED_HOSTS', () => {
  it('is empty by default and takes names, addresses and name:port, comma-separated', () => {
    expect(parseOk({}).ALLOWED_HOSTS).toEqual([]);
    expect(parseOk({ ALLOWED_HOSTS: 'shop.example, www.shop.example:8443,10.0.0.5,[fd00::5]:3000,' }).ALLOWED_HOSTS).toEqual([
      'shop.example',
      'www.shop.example:8443',
      '10.0.0.5',
      '[fd00::5]:3000',
    ]);
  });

  it.each(['https://shop.example', 'shop.example/path', '*.shop.example', 'shop example', 'shop.example:0', 'shop.example:70000', '::1', 'shop.example:'])(
    'refuses %j at start-up, naming the setting, the form and the bad entry',
    (value) => {
      const problems = problemsOf({ ALLOWED_HOSTS: `ok.example,${value}` });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^ALLOWED_HOSTS: host names or host:port, comma-separated, like shop\.example/);
      expect(problems[0]).toContain(`not ${value}`);
    },
  );
});

describe('STAFF_SECRET_KEY', () => {
  it('takes 32 bytes in base64 and keeps the key file beside the data by default', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const result = parseConfig({ STAFF_SECRET_KEY: key, DATA_DIR: '/var/lib/oshibox/' });
    expect(result.ok && result.config.STAFF_SECRET_KEY).toBe(key);
    expect(result.ok && result.config.STAFF_SECRET_KEY_FILE).toBe('/var/lib/oshibox/staff-secret-key');
    const memory = parseConfig({ DATA_DIR: 'memory://' });
    expect(memory.ok && memory.config.STAFF_SECRET_KEY_FILE).toBeUndefined();
  });

  it('refuses a key of another length, naming the setting', () => {
    const result = parseConfig({ STAFF_SECRET_KEY: Buffer.alloc(16).toString('base64') });
    expect(result).toMatchObject({ ok: false, problems: [expect.stringMatching(/^STAFF_SECRET_KEY: 32 bytes in base64/)] });
  });
});
