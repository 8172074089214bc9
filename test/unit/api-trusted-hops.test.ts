import { describe, expect, it } from 'vitest';
import { apiTrustedHops } from '../../api/http/trusted-hops.ts';
import { parseConfig } from '../../shared/config.ts';

function trustProxyOf(value: string) {
  const result = parseConfig({ TRUST_PROXY: value });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config.TRUST_PROXY;
}

describe('the hops the API trusts (issue 29)', () => {
  it('are TRUST_PROXY as the web tier reads it in a role of its own', () => {
    expect(apiTrustedHops(trustProxyOf('uniquelocal'), false)).toEqual(['uniquelocal']);
    expect(apiTrustedHops(trustProxyOf('10.0.0.0/8'), false)).toEqual(['10.0.0.0/8']);
    expect(apiTrustedHops(trustProxyOf('2'), false)).toBe(2);
    expect(apiTrustedHops(trustProxyOf('loopback'), false)).toEqual(['loopback']);
  });

  it('take in loopback too in role all, where this process’s web tier calls the API', () => {
    expect(apiTrustedHops(trustProxyOf('10.0.0.0/8'), true)).toEqual(['loopback', '10.0.0.0/8']);
    expect(apiTrustedHops(trustProxyOf('loopback,uniquelocal'), true)).toEqual(['loopback', 'uniquelocal']);
    // A hop count already trusts the web tier, the nearest hop.
    expect(apiTrustedHops(trustProxyOf('1'), true)).toBe(1);
  });
});
