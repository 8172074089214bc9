import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientSideOf, upstreamHeaders } from '../../server/forwarded.server.ts';

/**
 * server/forwarded.server.ts reads `req.protocol`, `req.host` and the peer's trust once per
 * request (the trust once per connection) instead of through Express's getters on every read
 * (issue 35). What it reads must be what Express's getters say, for every TRUST_PROXY form.
 */
const TRUST = [['loopback'], 1, 0, false, ['10.0.0.0/8', 'fd00::/8']] as const;
const PEERS = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '203.0.113.9'];
const PROTOS = [undefined, 'https', 'https, http', ' http ', '', 'ftp'];
const HOSTS = [undefined, 'shop.example', 'a.example, b.example', 'b.example ,c', ' spaced.example ', ''];
const SENT_HOSTS = ['127.0.0.1:3000', 'shop.example', '', undefined];

interface Case {
  trust: (typeof TRUST)[number];
  peer: string;
  encrypted: boolean;
  proto: string | undefined;
  forwardedHost: string | undefined;
  host: string | undefined;
  forwardedFor: string | undefined;
}

function requestOn(app: express.Express, c: Case, socket: object): Request {
  const req = Object.create(app.request) as Request & { app: express.Express };
  const headers: Record<string, string> = {};
  if (c.host !== undefined) headers.host = c.host;
  if (c.proto !== undefined) headers['x-forwarded-proto'] = c.proto;
  if (c.forwardedHost !== undefined) headers['x-forwarded-host'] = c.forwardedHost;
  if (c.forwardedFor !== undefined) headers['x-forwarded-for'] = c.forwardedFor;
  Object.assign(req, { app, headers, url: '/', originalUrl: '/', method: 'GET', socket });
  return req;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const trust of TRUST)
    for (const peer of PEERS)
      for (const proto of PROTOS)
        for (const forwardedHost of HOSTS)
          for (const host of SENT_HOSTS)
            for (const encrypted of [false, true]) all.push({ trust, peer, encrypted, proto, forwardedHost, host, forwardedFor: undefined });
  return all;
}

describe('the client side, read once', () => {
  it('is what Express 5 says in req.protocol and req.host, for every trust setting, peer and header', () => {
    const apps = new Map(TRUST.map((trust) => [trust, express().set('trust proxy', trust)]));
    let compared = 0;
    for (const c of cases()) {
      const app = apps.get(c.trust) as express.Express;
      const req = requestOn(app, c, { remoteAddress: c.peer, encrypted: c.encrypted });
      const expected = { protocol: req.protocol, host: req.host };
      expect(clientSideOf(req), JSON.stringify(c)).toEqual(expected);
      // A second read gives the same, from what the first kept.
      expect(clientSideOf(req), JSON.stringify(c)).toEqual(expected);
      compared++;
    }
    expect(compared).toBe(TRUST.length * PEERS.length * PROTOS.length * HOSTS.length * SENT_HOSTS.length * 2);
  });

  it('asks each app about a shared connection by its own trust setting', () => {
    const socket = { remoteAddress: '127.0.0.1', encrypted: false };
    const c: Case = { trust: 0, peer: '127.0.0.1', encrypted: false, proto: 'https', forwardedHost: 'shop.example', host: '127.0.0.1:3000', forwardedFor: undefined };
    const trusting = express().set('trust proxy', ['loopback']);
    const distrusting = express().set('trust proxy', false);
    expect(clientSideOf(requestOn(trusting, c, socket))).toEqual({ protocol: 'https', host: 'shop.example' });
    expect(clientSideOf(requestOn(distrusting, c, socket))).toEqual({ protocol: 'http', host: '127.0.0.1:3000' });
    expect(clientSideOf(requestOn(trusting, c, socket))).toEqual({ protocol: 'https', host: 'shop.example' });
  });

  it('tells the API the address Express names in req.ip, with or without X-Forwarded-For', () => {
    for (const trust of TRUST) {
      const app = express().set('trust proxy', trust);
      for (const peer of PEERS) {
        for (const forwardedFor of [undefined, '', '198.51.100.7', '198.51.100.7, 10.0.0.2, 127.0.0.1']) {
          const c: Case = { trust, peer, encrypted: false, proto: undefined, forwardedHost: undefined, host: 'shop.example', forwardedFor };
          const req = requestOn(app, c, { remoteAddress: peer, encrypted: false });
          expect(upstreamHeaders(req)['x-forwarded-for'], JSON.stringify(c)).toBe(req.ip);
        }
      }
    }
  });
});
