/**
 * A local server that answers Stripe's HTTP API for the calls the shop makes, and hosts stand-ins
 * for Stripe's hosted pages. State lives in memory. With `validate`, every JSON answer is checked
 * against Stripe's OpenAPI description (test/support/stripe-openapi/stripe-subset.json).
 */
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { mountApiRoute, type ApiFrame } from './api.ts';
import { createControl, createControlRouter, type StripeLocalControl } from './control.ts';
import { Faults } from './faults.ts';
import { createAuthenticationPages } from './hosted-3ds.ts';
import { createCheckoutPages } from './hosted-checkout.ts';
import { createShopperPages } from './hosted-shopper.ts';
import { IdempotencyStore } from './idempotency.ts';
import { createLocal } from './local.ts';
import { CHECKOUT_ROUTES } from './routes-checkout.ts';
import { CUSTOMER_ROUTES } from './routes-customers.ts';
import { RateLimit, type RateLimitSetting } from './rate-limit.ts';
import { PAYMENT_INTENT_ROUTES } from './routes-payment-intents.ts';
import { REFUND_ROUTES } from './routes-refunds.ts';
import { createWebhookSender } from './webhooks.ts';
import { compileStripeValidators } from '../../test/support/stripe-openapi/validate.ts';

export interface StripeLocalOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  webhookUrl?: string;
  /** `whsec_…`; required with `webhookUrl`. */
  webhookSecret?: string;
  validate?: boolean;
  /** Stripe's rate limiter (rate-limit.ts): requests a second per kind; absent: no limit. */
  rateLimit?: RateLimitSetting | null;
  /** The origin used in hosted-page URLs (default: the listening URL). */
  publicUrl?: string;
  now?: () => Date;
}

export interface StripeLocal {
  url: string;
  close(): Promise<void>;
  control: StripeLocalControl;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

function notFound(_req: Request, res: Response): void {
  res.status(404).json({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL. stripe-local answers only the calls the shop uses.' } });
}

function onError(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status < 500 ? error.status : 500;
  res.status(status).json({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message: status === 500 ? 'stripe-local failed' : 'Invalid request body' } });
}

export async function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal> {
  const host = options.host ?? '127.0.0.1';
  if (options.webhookUrl && !options.webhookSecret?.startsWith('whsec_')) throw new Error('stripe-local: webhookUrl needs a webhookSecret starting with whsec_');
  // Seconds of schema compiling now, not inside the first requests and their callers' deadlines.
  if (options.validate) compileStripeValidators();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  const server = app.listen(options.port, host);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const sender = options.webhookUrl && options.webhookSecret ? createWebhookSender(options.webhookUrl, options.webhookSecret, nowSeconds) : null;
  const local = createLocal({ origin: options.publicUrl?.replace(/\/$/, '') ?? url, validate: options.validate ?? false, now: options.now, sender });
  const frame: ApiFrame = { local, faults: new Faults(), idempotency: new IdempotencyStore(), rateLimit: new RateLimit(), calls: new Map() };
  frame.rateLimit.set(options.rateLimit ?? null);
  const control = createControl(local, frame);

  const api = express.Router();
  api.use('/v1', express.urlencoded({ extended: true, limit: '64kb', parameterLimit: 500 }));
  for (const route of [...CUSTOMER_ROUTES, ...CHECKOUT_ROUTES, ...PAYMENT_INTENT_ROUTES, ...REFUND_ROUTES]) mountApiRoute(api, frame, route);
  app.use(api);
  app.use(createCheckoutPages(local));
  app.use(createAuthenticationPages(local));
  app.use(createShopperPages(local));
  if (LOOPBACK.test(host)) app.use(createControlRouter(control, local));
  // Browsers ask every page's origin for an icon; an empty answer keeps their consoles clean.
  app.get('/favicon.ico', (_req, res) => void res.status(204).end());
  app.use(notFound);
  app.use(onError);

  return {
    url,
    control,
    async close() {
      local.sender?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
