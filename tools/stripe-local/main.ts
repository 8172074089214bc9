/**
 * `npm run stripe:local`: the local Stripe-compatible server for development and the e2e tests.
 * Env: STRIPE_LOCAL_PORT (default 12111), STRIPE_LOCAL_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET;
 * STRIPE_LOCAL_PUBLIC_URL (the origin browsers reach it at, when not the listening URL);
 * STRIPE_LOCAL_VALIDATE=1 checks every answer against Stripe's OpenAPI description;
 * STRIPE_LOCAL_RATE_LIMIT=25 (or `100,25`: reads, writes) answers 429 over that many requests a second.
 */
import { parseRateLimit } from './rate-limit.ts';
import { startStripeLocal } from './server.ts';

const port = Number(process.env.STRIPE_LOCAL_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`STRIPE_LOCAL_PORT must be a port number, got ${process.env.STRIPE_LOCAL_PORT}`);
  process.exit(2);
}
const webhookUrl = process.env.STRIPE_LOCAL_WEBHOOK_URL || undefined;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || undefined;
if (webhookUrl && !webhookSecret?.startsWith('whsec_')) {
  console.error('STRIPE_LOCAL_WEBHOOK_URL needs STRIPE_WEBHOOK_SECRET (whsec_…)');
  process.exit(2);
}

const publicUrl = process.env.STRIPE_LOCAL_PUBLIC_URL || undefined;
let rateLimit;
try {
  rateLimit = parseRateLimit(process.env.STRIPE_LOCAL_RATE_LIMIT);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const server = await startStripeLocal({ port, webhookUrl, webhookSecret, publicUrl, rateLimit, validate: process.env.STRIPE_LOCAL_VALIDATE === '1' });
const limit = rateLimit ? ` (rate limit ${rateLimit.read} reads + ${rateLimit.write} writes a second)` : '';
console.log(`stripe-local listening on ${server.url}${webhookUrl ? ` (webhooks → ${webhookUrl})` : ''}${limit}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
