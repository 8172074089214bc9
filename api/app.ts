import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { artistRouter } from './artist/artist.router.ts';
import { bannerRouter } from './banner/banner.router.ts';
import type { ApiContext } from './context.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { healthRouter } from './http/health.ts';
import { methodNotAllowed } from './http/method-not-allowed.ts';
import { refuseCrossSite, refuseForeignHost, requireJsonBody } from './http/request-guards.ts';
import { requestLogger } from './http/request-logger.ts';
import { createHostAllowList } from '../shared/allowed-hosts.ts';
import { loginRouter } from './login/login.router.ts';
import { mailRouter } from './mail/mail.router.ts';
import { userRouter } from './user/user.router.ts';
import { zipRouter } from './zip/zip.router.ts';
import { mediaRouter } from './media/media.router.ts';
import { newsRouter } from './news/news.router.ts';
import { planRouter } from './plan/plan.router.ts';
import { paymentRouter } from './payment/payment.router.ts';
import { chargeAuthenticationRouter } from './charge-authentication/charge-authentication.router.ts';
import { sandboxRouter } from './payment/sandbox/sandbox.router.ts';
import { paymentProviderOf } from './payment/provider-of.ts';
import { stripeWebhookRouter } from './payment/stripe/stripe-webhook.router.ts';
import { userPlanRouter } from './user-plan/user-plan.router.ts';
import { opsRouter } from './ops/ops.router.ts';
import { orderHistoryRouter } from './order-history/order-history.router.ts';
import { overviewRouter } from './overview/overview.router.ts';
import { redirectRouter } from './redirect/redirect.router.ts';
import { staffRouter } from './staff/staff.router.ts';
import { catalogueImageRouter, catalogueVersionRouter } from './catalogue/catalogue.router.ts';
import { requireStaff } from './staff/require-staff.ts';
import { bonusFileRouter } from './vault/bonus-admin.router.ts';
import { vaultRouter } from './vault/vault.router.ts';
import { attachCheckoutShopperListener } from './user-plan/checkout-shopper-listener.ts';
import { shopperRoundRouter } from './shopper-round/shopper-round.router.ts';
import { attachShopperRoundListener } from './shopper-round/shopper-round-paid.ts';

/**
 * Staff calls take JSON, but for the console's one upload, a shipment file (multipart, read and
 * bounded by api/shipping/rounds.router.ts); the origin check before it still refuses other sites.
 */
const staffBodyType: RequestHandler = (req, res, next) => {
  if (req.method === 'POST' && req.path === '/shipment-imports' && req.is('multipart/form-data')) return next();
  requireJsonBody(req, res, next);
};

/** The shop API ("upstream API origin"). Built here; only main.ts listens. */
export function createApiApp(ctx: ApiContext): Express {
  const app = express();
  // Billing's listener on the payments of later rounds a fan pays herself (decision 0093).
  attachShopperRoundListener(ctx);
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', ctx.trustProxy ?? 'loopback');
  app.use(requestLogger(app, ctx.logger));
  app.use(
    helmet({
      // The public edge is the web tier: it alone decides HSTS and upgrade-insecure-requests for
      // the shop's origin. The API is reached over the internal network, often on plain http,
      // where those headers mean nothing or mislead (docs/security.md, "API headers").
      strictTransportSecurity: false,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    }),
  );
  // Probes answer any Host (a kubelet sends the pod's address); everything after only the API's own names.
  app.use(healthRouter(ctx));
  app.use(refuseForeignHost(ctx.isAllowedHost ?? createHostAllowList([ctx.publicOrigin])));
  // Operator commands (loopback or OPS_TOKEN); never under /api, which the web tier proxies.
  app.use('/ops', opsRouter(ctx));
  // Data differs per shopper and changes with stock: nothing is cached unless a route says so.
  app.use('/api', (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  // Stripe's webhooks carry no Origin and are signed over the raw body: before the cross-site guard
  // and the JSON parser. Mounted always (the fuzz suite reaches it); 404 unless the provider is Stripe.
  app.use('/api/webhooks/stripe', stripeWebhookRouter(ctx));
  // The console's staff calls (issue 19): only the console's origin may send unsafe ones, never the shop's.
  // Picture uploads are bytes, not JSON: their route alone comes before the JSON-only rule.
  app.use('/api/staff/catalogue/images', refuseCrossSite([ctx.adminOrigin ?? ctx.publicOrigin]), cookieParser(), catalogueImageRouter(ctx, requireStaff(ctx, 'catalogue.write')));
  app.use('/api/staff/bonus-files', refuseCrossSite([ctx.adminOrigin ?? ctx.publicOrigin]), cookieParser(), bonusFileRouter(ctx, requireStaff(ctx, 'catalogue.write')));
  app.use('/api/staff', refuseCrossSite([ctx.adminOrigin ?? ctx.publicOrigin]), staffBodyType, cookieParser(), express.json({ limit: '32kb' }), staffRouter(ctx));
  app.use(refuseCrossSite([ctx.publicOrigin]));
  // The sandbox gateway's hosted card page takes form posts: its routes alone skip the JSON-only rule.
  // A konbini or PayPay checkout is settled by its payment's news (issue 34).
  attachCheckoutShopperListener(ctx);
  if (paymentProviderOf(ctx).name === 'sandbox') app.use('/api/sandbox', sandboxRouter(ctx));
  app.use(requireJsonBody);
  app.use(cookieParser());
  app.use(express.json({ limit: '32kb' }));

  app.use('/api/artist', artistRouter(ctx));
  app.use('/api/banner', bannerRouter(ctx));
  app.use('/api/catalogue', catalogueVersionRouter(ctx));
  app.use('/api/news', newsRouter(ctx));
  app.use('/api/plan', planRouter(ctx));
  app.use('/api/login', loginRouter(ctx));
  app.use('/api/mail', mailRouter(ctx));
  // Before /api/user, whose router would otherwise see /overview first.
  app.use('/api/user/overview', overviewRouter(ctx));
  app.use('/api/user', userRouter(ctx));
  app.use('/api/zip', zipRouter(ctx));
  app.use('/api/media', mediaRouter(ctx));
  app.use('/api/charge-authentication', chargeAuthenticationRouter(ctx));
  app.use('/api', paymentRouter(ctx));
  app.use('/api/userPlan', userPlanRouter(ctx));
  app.use('/api/planOrderHistory', orderHistoryRouter(ctx));
  app.use('/api/vault', vaultRouter(ctx));
  app.use('/api/shopperRound', shopperRoundRouter(ctx));
  app.use('/api/redirect', redirectRouter(ctx));
  app.use(methodNotAllowed(app));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
