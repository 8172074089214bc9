import type http from 'node:http';
import type { Express } from 'express';
import request, { type Response, type Test } from 'supertest';
import { expect } from 'vitest';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';

/**
 * Every call of the shop API, for the attack tests (api-hardening*.test.ts): the route's pattern
 * as mounted and a concrete path to send. A test checks this list against the app's own route
 * table, so a new call without an entry here fails until it is added.
 */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: string;
  path: string;
}

export const API_CALLS: readonly ApiCall[] = [
  { method: 'GET', pattern: '/healthz', path: '/healthz' },
  { method: 'GET', pattern: '/readyz', path: '/readyz' },
  // Operator endpoint (the operator token always; `send` presents the test app's, so the attacks reach the routes).
  { method: 'POST', pattern: '/ops/billing', path: '/ops/billing' },
  { method: 'GET', pattern: '/ops/shipments/export/', path: '/ops/shipments/export?round=1' },
  { method: 'POST', pattern: '/ops/shipments/export/', path: '/ops/shipments/export?round=1' },
  { method: 'POST', pattern: '/ops/shipments/:mode', path: '/ops/shipments/import' },
  { method: 'POST', pattern: '/ops/catalogue', path: '/ops/catalogue' },
  { method: 'POST', pattern: '/ops/catalogue/with-media', path: '/ops/catalogue/with-media' },
  { method: 'POST', pattern: '/ops/staff', path: '/ops/staff' },
  { method: 'POST', pattern: '/ops/staff/reset', path: '/ops/staff/reset' },
  { method: 'POST', pattern: '/ops/staff/rotate-key', path: '/ops/staff/rotate-key' },
  // Staff calls of the console (issue 19).
  { method: 'GET', pattern: '/api/staff/setup/:token', path: '/api/staff/setup/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/staff/setup/:token', path: '/api/staff/setup/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/staff/login', path: '/api/staff/login' },
  { method: 'POST', pattern: '/api/staff/logout', path: '/api/staff/logout' },
  { method: 'GET', pattern: '/api/staff/me', path: '/api/staff/me' },
  { method: 'GET', pattern: '/api/staff/members', path: '/api/staff/members' },
  { method: 'POST', pattern: '/api/staff/members', path: '/api/staff/members' },
  { method: 'PATCH', pattern: '/api/staff/members/:id', path: '/api/staff/members/1' },
  { method: 'GET', pattern: '/api/staff/audit', path: '/api/staff/audit' },
  { method: 'POST', pattern: '/api/staff/members/:id/reset-second-factor', path: '/api/staff/members/1/reset-second-factor' },
  { method: 'GET', pattern: '/api/staff/audit.csv', path: '/api/staff/audit.csv' },
  { method: 'GET', pattern: '/api/staff/dashboard/', path: '/api/staff/dashboard' },
  { method: 'GET', pattern: '/api/staff/rounds/export/', path: '/api/staff/rounds/export?round=1' },
  { method: 'POST', pattern: '/api/staff/rounds/export/', path: '/api/staff/rounds/export?round=1' },
  { method: 'POST', pattern: '/api/staff/shipment-imports/', path: '/api/staff/shipment-imports' },
  { method: 'GET', pattern: '/api/staff/shipment-imports/:id', path: '/api/staff/shipment-imports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/staff/shipment-imports/:id/confirm', path: '/api/staff/shipment-imports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/confirm' },
  { method: 'GET', pattern: '/api/staff/rounds/', path: '/api/staff/rounds' },
  { method: 'GET', pattern: '/api/staff/reports/', path: '/api/staff/reports' },
  { method: 'GET', pattern: '/api/staff/reports/sales.csv', path: '/api/staff/reports/sales.csv' },
  { method: 'GET', pattern: '/api/staff/rounds/:id', path: '/api/staff/rounds/1' },
  { method: 'GET', pattern: '/api/staff/orders/', path: '/api/staff/orders?status=SUCCESS' },
  { method: 'GET', pattern: '/api/staff/orders/export.csv', path: '/api/staff/orders/export.csv?ids=1' },
  { method: 'POST', pattern: '/api/staff/orders/resend', path: '/api/staff/orders/resend' },
  { method: 'GET', pattern: '/api/staff/customers/', path: '/api/staff/customers?q=a' },
  { method: 'GET', pattern: '/api/staff/customers/:id', path: '/api/staff/customers/1' },
  { method: 'GET', pattern: '/api/staff/customers/:id/mails/:ref', path: '/api/staff/customers/1/mails/l-1' },
  { method: 'POST', pattern: '/api/staff/customers/:id/refund', path: '/api/staff/customers/1/refund' },
  { method: 'POST', pattern: '/api/staff/customers/:id/plan', path: '/api/staff/customers/1/plan' },
  { method: 'POST', pattern: '/api/staff/customers/:id/cancel', path: '/api/staff/customers/1/cancel' },
  { method: 'POST', pattern: '/api/staff/customers/:id/ship-to', path: '/api/staff/customers/1/ship-to' },
  { method: 'POST', pattern: '/api/staff/customers/:id/resend', path: '/api/staff/customers/1/resend' },
  { method: 'POST', pattern: '/api/staff/customers/:id/notes', path: '/api/staff/customers/1/notes' },
  { method: 'POST', pattern: '/api/staff/catalogue/images/', path: '/api/staff/catalogue/images?kind=cover' },
  { method: 'GET', pattern: '/api/staff/media/', path: '/api/staff/media' },
  { method: 'DELETE', pattern: '/api/staff/media/', path: '/api/staff/media' },
  // The 特典 vault (issue 33): the console's side, then the fan's.
  { method: 'POST', pattern: '/api/staff/bonus-files/', path: '/api/staff/bonus-files?round=1&name=a' },
  { method: 'GET', pattern: '/api/staff/bonuses/', path: '/api/staff/bonuses' },
  { method: 'POST', pattern: '/api/staff/bonuses/', path: '/api/staff/bonuses' },
  { method: 'POST', pattern: '/api/staff/bonuses/:id/codes', path: '/api/staff/bonuses/1/codes' },
  { method: 'DELETE', pattern: '/api/staff/bonuses/:id', path: '/api/staff/bonuses/1' },
  { method: 'GET', pattern: '/api/staff/catalogue/artists', path: '/api/staff/catalogue/artists' },
  { method: 'POST', pattern: '/api/staff/catalogue/artists', path: '/api/staff/catalogue/artists' },
  { method: 'GET', pattern: '/api/staff/catalogue/artists/:id', path: '/api/staff/catalogue/artists/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/artists/:id', path: '/api/staff/catalogue/artists/1' },
  { method: 'POST', pattern: '/api/staff/catalogue/artists/:id/plans', path: '/api/staff/catalogue/artists/1/plans' },
  { method: 'GET', pattern: '/api/staff/catalogue/plans/:id', path: '/api/staff/catalogue/plans/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/plans/:id', path: '/api/staff/catalogue/plans/1' },
  { method: 'GET', pattern: '/api/staff/catalogue/plans/:id/price', path: '/api/staff/catalogue/plans/1/price' },
  { method: 'POST', pattern: '/api/staff/catalogue/plans/:id/price', path: '/api/staff/catalogue/plans/1/price' },
  { method: 'POST', pattern: '/api/staff/catalogue/plans/:id/rounds', path: '/api/staff/catalogue/plans/1/rounds' },
  { method: 'GET', pattern: '/api/staff/catalogue/rounds/:id', path: '/api/staff/catalogue/rounds/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/rounds/:id', path: '/api/staff/catalogue/rounds/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/rounds/:id/goods', path: '/api/staff/catalogue/rounds/1/goods' },
  { method: 'GET', pattern: '/api/staff/catalogue/news', path: '/api/staff/catalogue/news' },
  { method: 'POST', pattern: '/api/staff/catalogue/news', path: '/api/staff/catalogue/news' },
  { method: 'GET', pattern: '/api/staff/catalogue/news/:id', path: '/api/staff/catalogue/news/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/news/:id', path: '/api/staff/catalogue/news/1' },
  { method: 'GET', pattern: '/api/staff/catalogue/banners', path: '/api/staff/catalogue/banners' },
  { method: 'POST', pattern: '/api/staff/catalogue/banners', path: '/api/staff/catalogue/banners' },
  { method: 'GET', pattern: '/api/staff/catalogue/banners/:id', path: '/api/staff/catalogue/banners/1' },
  { method: 'PUT', pattern: '/api/staff/catalogue/banners/:id', path: '/api/staff/catalogue/banners/1' },
  { method: 'POST', pattern: '/api/staff/catalogue/artists/:id/state', path: '/api/staff/catalogue/artists/1/state' },
  { method: 'POST', pattern: '/api/staff/catalogue/plans/:id/state', path: '/api/staff/catalogue/plans/1/state' },
  { method: 'POST', pattern: '/api/staff/catalogue/banners/:id/state', path: '/api/staff/catalogue/banners/1/state' },
  { method: 'POST', pattern: '/api/staff/catalogue/news/:id/state', path: '/api/staff/catalogue/news/1/state' },
  { method: 'DELETE', pattern: '/api/staff/catalogue/artists/:id', path: '/api/staff/catalogue/artists/1' },
  { method: 'DELETE', pattern: '/api/staff/catalogue/plans/:id', path: '/api/staff/catalogue/plans/1' },
  { method: 'DELETE', pattern: '/api/staff/catalogue/banners/:id', path: '/api/staff/catalogue/banners/1' },
  { method: 'GET', pattern: '/api/staff/catalogue/artists/:id/preview', path: '/api/staff/catalogue/artists/1/preview' },
  { method: 'GET', pattern: '/api/staff/billing/', path: '/api/staff/billing' },
  { method: 'POST', pattern: '/api/staff/billing/charges', path: '/api/staff/billing/charges' },
  { method: 'GET', pattern: '/api/staff/billing/:id', path: '/api/staff/billing/1?state=declined' },
  { method: 'GET', pattern: '/api/staff/refund-transfers/', path: '/api/staff/refund-transfers' },
  { method: 'POST', pattern: '/api/staff/refund-transfers/done', path: '/api/staff/refund-transfers/done' },
  { method: 'GET', pattern: '/api/artist/', path: '/api/artist' },
  { method: 'GET', pattern: '/api/artist/categoryArtist', path: '/api/artist/categoryArtist' },
  { method: 'GET', pattern: '/api/artist/tag/:tag', path: '/api/artist/tag/vtuber' },
  { method: 'GET', pattern: '/api/artist/:slug', path: '/api/artist/hoshino_mirai' },
  { method: 'GET', pattern: '/api/banner/', path: '/api/banner' },
  { method: 'GET', pattern: '/api/catalogue/version', path: '/api/catalogue/version' },
  { method: 'GET', pattern: '/api/news/', path: '/api/news' },
  { method: 'GET', pattern: '/api/news/:newsId', path: '/api/news/1' },
  { method: 'GET', pattern: '/api/plan/order/:planOrderId', path: '/api/plan/order/1' },
  { method: 'GET', pattern: '/api/plan/:planId', path: '/api/plan/1' },
  { method: 'GET', pattern: '/api/login/loginStatus', path: '/api/login/loginStatus' },
  { method: 'POST', pattern: '/api/login/emailLogin', path: '/api/login/emailLogin' },
  { method: 'DELETE', pattern: '/api/login/logout', path: '/api/login/logout' },
  { method: 'POST', pattern: '/api/mail/sendMail', path: '/api/mail/sendMail' },
  { method: 'POST', pattern: '/api/mail/checkCode', path: '/api/mail/checkCode' },
  { method: 'GET', pattern: '/api/user/overview/', path: '/api/user/overview' },
  { method: 'GET', pattern: '/api/user/', path: '/api/user' },
  { method: 'POST', pattern: '/api/user/', path: '/api/user' },
  { method: 'PUT', pattern: '/api/user/', path: '/api/user' },
  { method: 'GET', pattern: '/api/user/mailLang', path: '/api/user/mailLang' },
  { method: 'PUT', pattern: '/api/user/mailLang', path: '/api/user/mailLang' },
  { method: 'PUT', pattern: '/api/user/loginPass', path: '/api/user/loginPass' },
  { method: 'DELETE', pattern: '/api/user/', path: '/api/user' },
  { method: 'GET', pattern: '/api/zip/:zip', path: '/api/zip/1500002' },
  { method: 'GET', pattern: '/api/media/{*path}', path: '/api/media/artists/hoshino_mirai.svg' },
  { method: 'GET', pattern: '/api/userPlan/', path: '/api/userPlan' },
  { method: 'GET', pattern: '/api/userPlan/count/:planId', path: '/api/userPlan/count/1' },
  { method: 'GET', pattern: '/api/userPlan/authentication/return', path: '/api/userPlan/authentication/return?userPlanId=1' },
  { method: 'GET', pattern: '/api/userPlan/:userPlanId/checkoutPayment', path: '/api/userPlan/1/checkoutPayment' },
  { method: 'GET', pattern: '/api/userPlan/change/preview', path: '/api/userPlan/change/preview?currentPlanId=1&planId=2&count=1' },
  { method: 'POST', pattern: '/api/userPlan/', path: '/api/userPlan' },
  { method: 'PUT', pattern: '/api/userPlan/', path: '/api/userPlan' },
  { method: 'DELETE', pattern: '/api/userPlan/:planId', path: '/api/userPlan/1' },
  { method: 'GET', pattern: '/api/planOrderHistory/', path: '/api/planOrderHistory' },
  { method: 'GET', pattern: '/api/planOrderHistory/:planOrderId', path: '/api/planOrderHistory/1' },
  { method: 'GET', pattern: '/api/planOrderHistory/:planOrderId/receipt', path: '/api/planOrderHistory/1/receipt' },
  { method: 'POST', pattern: '/api/planOrderHistory/:planOrderId/receipt', path: '/api/planOrderHistory/1/receipt' },
  { method: 'GET', pattern: '/api/vault/', path: '/api/vault' },
  { method: 'POST', pattern: '/api/vault/items/:id/link', path: '/api/vault/items/1/link' },
  { method: 'GET', pattern: '/api/vault/download', path: '/api/vault/download?t=1.1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/redirect/', path: '/api/redirect' },
  { method: 'GET', pattern: '/api/credit', path: '/api/credit' },
  { method: 'GET', pattern: '/api/credit-confirm', path: '/api/credit-confirm?userId=1&retUrl=%2F' },
  { method: 'GET', pattern: '/api/credit-info', path: '/api/credit-info' },
  { method: 'POST', pattern: '/api/charge-authentication/', path: '/api/charge-authentication' },
  { method: 'GET', pattern: '/api/charge-authentication/return', path: '/api/charge-authentication/return?historyId=1' },
  // Later rounds paid by the fan herself (issue 34): her requests, the payment of one, PayPay's return.
  { method: 'GET', pattern: '/api/shopperRound/', path: '/api/shopperRound' },
  { method: 'POST', pattern: '/api/shopperRound/:requestId/pay', path: '/api/shopperRound/1/pay' },
  { method: 'GET', pattern: '/api/shopperRound/:requestId/return', path: '/api/shopperRound/1/return' },
  { method: 'GET', pattern: '/api/paymentMethodHistory', path: '/api/paymentMethodHistory' },
  { method: 'PUT', pattern: '/api/paymentMethod', path: '/api/paymentMethod' },
  // Stripe's webhook (issue 20): 404 with the sandbox; signed events only with Stripe.
  { method: 'POST', pattern: '/api/webhooks/stripe/', path: '/api/webhooks/stripe' },
  { method: 'GET', pattern: '/api/sandbox/card/:id', path: '/api/sandbox/card/reg_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/sandbox/card/:id', path: '/api/sandbox/card/reg_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'GET', pattern: '/api/sandbox/card/:id/3ds', path: '/api/sandbox/card/reg_AAAAAAAAAAAAAAAAAAAAAA/3ds' },
  { method: 'POST', pattern: '/api/sandbox/card/:id/3ds', path: '/api/sandbox/card/reg_AAAAAAAAAAAAAAAAAAAAAA/3ds' },
  // The sandbox bank's 3-D Secure page of a held charge (issue 30).
  { method: 'GET', pattern: '/api/sandbox/charge/:id', path: '/api/sandbox/charge/ch_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/sandbox/charge/:id', path: '/api/sandbox/charge/ch_AAAAAAAAAAAAAAAAAAAAAA' },
  // The sandbox's konbini voucher and PayPay approve pages (issue 34).
  { method: 'GET', pattern: '/api/sandbox/konbini/:id', path: '/api/sandbox/konbini/sp_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/sandbox/konbini/:id', path: '/api/sandbox/konbini/sp_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'GET', pattern: '/api/sandbox/paypay/:id', path: '/api/sandbox/paypay/sp_AAAAAAAAAAAAAAAAAAAAAA' },
  { method: 'POST', pattern: '/api/sandbox/paypay/:id', path: '/api/sandbox/paypay/sp_AAAAAAAAAAAAAAAAAAAAAA' },
];

interface LayerShape {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: unknown;
}

function stackOf(value: unknown): LayerShape[] | null {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null || !('stack' in value)) return null;
  return Array.isArray(value.stack) ? value.stack : null;
}

/** `METHOD pattern` of every route the app has, walked from its route table. */
export function listRoutes(app: Express): string[] {
  const routes: string[] = [];
  const walk = (stack: LayerShape[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
        for (const m of methods) routes.push(`${m.toUpperCase()} ${prefix}${layer.route.path}`);
      }
      const inner = stackOf(layer.handle);
      if (inner && typeof layer.rawPath === 'string') walk(inner, prefix + (layer.rawPath === '/' ? '' : layer.rawPath));
    }
  };
  walk(stackOf(app.router) ?? [], '');
  return routes;
}

export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;
export type AnyMethod = (typeof ALL_METHODS)[number];

/**
 * supertest has one function per method; this picks it by name. Operator calls carry the test app's
 * token. `target`: the app (supertest starts a server for each request), or the URL of one already
 * listening with the keep-alive `agent` (a loop of thousands of requests then pays for neither a
 * server nor a connection each).
 */
export function send(target: Express | { url: string; agent: http.Agent }, method: AnyMethod, path: string): Test {
  const test = 'url' in target ? byMethod(request(target.url), method, path).agent(target.agent) : byMethod(request(target), method, path);
  return path.startsWith('/ops') ? test.set('authorization', `Bearer ${TEST_OPS_TOKEN}`) : test;
}

function byMethod(agent: ReturnType<typeof request>, method: AnyMethod, path: string): Test {
  switch (method) {
    case 'GET':
      return agent.get(path);
    case 'HEAD':
      return agent.head(path);
    case 'POST':
      return agent.post(path);
    case 'PUT':
      return agent.put(path);
    case 'PATCH':
      return agent.patch(path);
    case 'DELETE':
      return agent.delete(path);
    case 'OPTIONS':
      return agent.options(path);
    case 'TRACE':
      return agent.trace(path);
  }
}

/** The bound on any error reply of the API, whatever the request held. */
export const MAX_ERROR_BYTES = 4096;

/** Checks what an attacker gets back: never a 5xx, an error in the one shape and small. */
export function expectBoundedReply(res: Response, label: string): void {
  expect(res.status, `${label}: ${res.text?.slice(0, 200)}`).toBeLessThan(500);
  if (res.status < 400) return;
  const bytes = Buffer.byteLength(res.text ?? '');
  expect(bytes, `${label}: reply of ${bytes} bytes`).toBeLessThanOrEqual(MAX_ERROR_BYTES);
  if (res.text) {
    const body: unknown = JSON.parse(res.text);
    expect(body, label).toMatchObject({ code: expect.any(String), message: expect.any(String), messageEn: expect.any(String) });
  }
}
