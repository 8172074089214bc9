import { describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../shared/config.ts';
import { productionWarnings } from '../../shared/production-warnings.ts';

/** Issue 22: what an operator of the image reads at start when a public shop still runs on demo settings. */
function configOf(env: Record<string, string>): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

const READY_FOR_CUSTOMERS = {
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abcdefghijklmnop',
  STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijklmnop',
  INVOICE_REGISTRATION_NUMBER: 'T9876543210987',
  PUBLIC_ORIGIN: 'https://shop.oshibox.example',
  TRUST_PROXY: '10.0.0.0/8',
};

const settingsWarned = (env: Record<string, string>, tiers: ('api' | 'web' | 'admin')[]) =>
  productionWarnings(configOf(env), env, tiers).map((w) => w.setting);

describe('production start-up warnings', () => {
  it('names each demo setting once, one line each, for a process serving every tier', () => {
    const env = { NODE_ENV: 'production' };
    const warnings = productionWarnings(configOf(env), env, ['api', 'web', 'admin']);
    expect(warnings.map((w) => w.setting)).toEqual(['PAYMENT_PROVIDER', 'INVOICE_REGISTRATION_NUMBER', 'PUBLIC_ORIGIN', 'TRUST_PROXY']);
    for (const warning of warnings) {
      expect(warning.message.startsWith(`${warning.setting} `)).toBe(true);
      expect(warning.message).not.toContain('\n');
    }
    expect(warnings[2]!.message).toContain('http://localhost:3000');
  });

  it('says nothing for a shop configured for customers, and nothing outside production', () => {
    expect(settingsWarned(READY_FOR_CUSTOMERS, ['api', 'web', 'admin'])).toEqual([]);
    expect(settingsWarned({}, ['api', 'web', 'admin'])).toEqual([]);
    expect(settingsWarned({ NODE_ENV: 'test' }, ['api', 'web', 'admin'])).toEqual([]);
  });

  it('warns each role only about what it uses', () => {
    const env = { NODE_ENV: 'production' };
    expect(settingsWarned(env, ['api'])).toEqual(['PAYMENT_PROVIDER', 'PUBLIC_ORIGIN', 'TRUST_PROXY']);
    expect(settingsWarned(env, ['web'])).toEqual(['INVOICE_REGISTRATION_NUMBER', 'PUBLIC_ORIGIN', 'TRUST_PROXY']);
    expect(settingsWarned(env, ['admin'])).toEqual(['TRUST_PROXY']);
  });

  it('counts a Stripe test key as test mode, every loopback name as this machine, and an explicit TRUST_PROXY as chosen', () => {
    const testKey = { ...READY_FOR_CUSTOMERS, STRIPE_SECRET_KEY: 'sk_test_abcdefghijklmnop' };
    expect(productionWarnings(configOf(testKey), testKey, ['api'])[0]?.message).toContain('Stripe test key');
    for (const origin of ['http://127.0.0.1:8080', 'http://[::1]:3000', 'https://localhost']) {
      expect(settingsWarned({ ...READY_FOR_CUSTOMERS, PUBLIC_ORIGIN: origin }, ['web'])).toEqual(['PUBLIC_ORIGIN']);
    }
    expect(settingsWarned({ ...READY_FOR_CUSTOMERS, TRUST_PROXY: 'loopback' }, ['web'])).toEqual([]);
    expect(settingsWarned({ ...READY_FOR_CUSTOMERS, TRUST_PROXY: 'loopback' }, ['api'])).toEqual([]);
  });
});
