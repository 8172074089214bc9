import express from 'express';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../shared/config.ts';

function trustOf(value: string | undefined) {
  const result = parseConfig({ TRUST_PROXY: value });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config.TRUST_PROXY;
}

describe('TRUST_PROXY', () => {
  it('defaults to loopback: only a proxy on the same machine may name the client', () => {
    expect(trustOf(undefined)).toEqual(['loopback']);
  });

  it('takes a hop count or comma-separated names, addresses and CIDRs', () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf('0')).toBe(0);
    expect(trustOf('loopback, 10.0.0.0/8,fd00::/8')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
    expect(trustOf('192.168.1.10')).toEqual(['192.168.1.10']);
  });

  it.each(['true', '*', '10.0.0.0/33', '999.1.1.1', 'loopback;rm', 'evil.example', '1,', 'all'])('refuses %j with the key named', (value) => {
    const result = parseConfig({ TRUST_PROXY: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(/^TRUST_PROXY: like loopback/m);
  });

  it('gives Express a value it accepts', () => {
    for (const value of ['loopback', '2', '10.0.0.0/8,fd00::/8,uniquelocal']) {
      expect(() => express().set('trust proxy', trustOf(value))).not.toThrow();
    }
  });
});
