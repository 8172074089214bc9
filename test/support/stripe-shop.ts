import { createStripeProvider, type StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { freePort } from './free-port.ts';
import { startMailbox } from './mailbox.ts';
import type { ProfileShop } from './profile-shop.ts';
import { silentLogger, startStack } from './stack.ts';
import { TEST_KEY } from './stripe-local-client.ts';

/**
 * The shop on the Stripe gateway against the local Stripe-compatible server (tools/stripe-local/,
 * every answer checked against Stripe's OpenAPI), its signed webhooks delivered to the shop: the
 * web tier's settings as with PAYMENT_PROVIDER=stripe (its CSP lets the card form lead to the
 * gateway). Fills `shop.mailbox` and `shop.stack`; the browsers are the caller's. `now` moves the
 * shop's clock only: the local server keeps the real one, as Stripe does (webhook signatures are
 * timestamped with it).
 */
export async function startStripeShop(
  shop: ProfileShop,
  options: { webhookSecret: string; now?: () => Date; onProvider?: (provider: StripeProvider) => void },
): Promise<StripeLocal> {
  const local = await startStripeLocal({ port: 0, validate: true });
  shop.mailbox = await startMailbox();
  const webPort = await freePort();
  shop.stack = await startStack({
    seed: false, webPort, ...(options.now ? { now: options.now } : {}),
    env: {
      SMTP_URL: shop.mailbox.url, PUBLIC_ORIGIN: `http://127.0.0.1:${webPort}`,
      PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: TEST_KEY, STRIPE_WEBHOOK_SECRET: options.webhookSecret, STRIPE_API_BASE: local.url,
    },
    paymentProvider: (deps) => {
      const provider = createStripeProvider({ ...deps, secretKey: TEST_KEY, apiBase: local.url, webhookSecret: options.webhookSecret, timeoutMs: 5_000, logger: silentLogger });
      options.onProvider?.(provider);
      return provider;
    },
  });
  local.control.setWebhook(`${shop.stack.apiUrl}/api/webhooks/stripe`, options.webhookSecret);
  return local;
}
