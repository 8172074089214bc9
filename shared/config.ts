import { z } from 'zod';
import { isHostEntry } from './allowed-hosts.ts';
import { DEFAULT_BILLING_CONCURRENCY } from './billing-rules.ts';
import type { CarrierSettings } from './carrier-layout.ts';
import { CONSOLIDATION_WINDOW_DEFAULT_DAYS, CONSOLIDATION_WINDOW_MAX_DAYS } from './parcel.ts';
import { SHOPPER_MISSED_ROUNDS_DEFAULT, SHOPPER_MISSED_ROUNDS_MAX } from './shopper-round.ts';
import { isPaymentTestMode, paymentProblems, STRIPE_API_ORIGIN } from './payment-config.ts';
import { VAULT_UNLOCK_DAYS } from './vault.ts';

/**
 * The environment of both services, parsed once at boot (see server/env.server.ts). Every bad
 * key is reported together. Only `PublicConfig` ever reaches the browser.
 */
const url = z.url();

/** The demo company's address, also what a mailer built without configuration (tests) quotes. */
export const DEFAULT_COMPANY_EMAIL = 'support@oshibox.example';

/** The demo 適格請求書発行事業者登録番号 the shop starts with (a warning in production: shared/production-warnings.ts). */
export const DEMO_INVOICE_NUMBER = 'T1234567890123';

/** What an operator typed, quoted and cut short, for a message that names it. */
function shown(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
}

/**
 * A whole-number setting: the message names the value given and the range (`z.coerce.number()`
 * said "received NaN" for `PORT=abc`). The key comes first on the line (parseConfig).
 */
function wholeNumber(min: number, max: number, fallback: number, note = '') {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number => {
      if (raw === undefined) return fallback;
      const value = Number(raw.trim());
      if (/^\d+$/.test(raw.trim()) && value >= min && value <= max) return value;
      ctx.addIssue({ code: 'custom', message: `${shown(raw)} is not a whole number from ${min} to ${max}${note}` });
      return z.NEVER;
    });
}

const port = (fallback: number, note = '') => wholeNumber(0, 65535, fallback, note);

/** Express's named address ranges, an IPv4 or IPv6 address, each optionally with a /prefix. */
const TRUSTED_NAME = /^(?:loopback|linklocal|uniquelocal)$/;
const IPV4_OR_CIDR = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\/(?:3[0-2]|[12]?\d))?$/;
const IPV6_OR_CIDR = /^[0-9a-f]*:[0-9a-f:.]*(?:\/(?:12[0-8]|1[01]\d|[1-9]?\d))?$/i;

/**
 * Which proxies in front of a tier may say who the client is (Express "trust proxy"): for the web
 * tier the balancer, for the API the web tier and any hop between (api/http/trusted-hops.ts). A hop
 * count, or comma-separated names/addresses/CIDRs. Never `true`: that lets any client forge its
 * address. Parsed to what `app.set('trust proxy', …)` takes.
 */
const trustProxy = z
  .string()
  .default('loopback')
  .transform((value, ctx): number | string[] => {
    if (/^\d{1,2}$/.test(value.trim())) return Number(value.trim());
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !TRUSTED_NAME.test(entry) && !IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `like loopback, 1, or 10.0.0.0/8,fd00::/8 (not ${bad.join(', ') || 'empty'})` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Host names the shop answers for beyond PUBLIC_ORIGIN's, API_ORIGIN's and loopback's
 * (shared/allowed-hosts.ts): comma-separated `name` (any port) or `name:port`.
 */
const allowedHosts = z
  .string()
  .default('')
  .transform((value, ctx): string[] => {
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isHostEntry(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `host names or host:port, comma-separated, like shop.example,www.shop.example:8443 (no scheme, path or wildcard; not ${bad.join(', ')})` });
      return z.NEVER;
    }
    return entries;
  });

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port(3000),
  API_PORT: port(3001),
  /** Where the web tier finds the shop API; defaults to the API started in the same process. */
  API_ORIGIN: url.optional(),
  PUBLIC_ORIGIN: url.optional(),
  /** The operator console (role `admin`): its own listener on HOST, never the public web port. */
  ADMIN_PORT: port(3002),
  /** The console's origin as staff reach it: setup links and its same-origin checks use it. */
  ADMIN_ORIGIN: url.optional(),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** With the demo catalogue, its demo customers and their charges (api/db/seed/demo-customers.ts). */
  SEED_DEMO_CUSTOMERS: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: short readable lines when stdout is a terminal, JSON otherwise (server/log-format.server.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  PROXY_TIMEOUT_MS: wholeNumber(1, 600_000, 10_000),
  TRUST_PROXY: trustProxy,
  ALLOWED_HOSTS: allowedHosts,
  /** Mail: set → sent over SMTP (smtp:// or smtps://); unset → the outbox under DATA_DIR. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'like smtp://user:pass@host:587 or smtps://…' }).optional(),
  MAIL_FROM: z.string().min(3).max(200).default('OshiBox <no-reply@oshibox.example>'),
  BRAND_NAME: z.string().min(1).default('OshiBox'),
  ANALYTICS_ID: z.string().regex(/^[A-Z0-9-]+$/, 'like G-XXXXXXX').optional(),
  COMPANY_NAME: z.string().min(1).default('株式会社オシボックス'),
  COMPANY_URL: url.default('https://company.oshibox.example'),
  COMPANY_ADDRESS: z.string().min(1).default('〒150-0002 東京都渋谷区渋谷2-24-12'),
  COMPANY_TEL: z.string().min(1).default('03-0000-0000'),
  COMPANY_EMAIL: z.email().default(DEFAULT_COMPANY_EMAIL),
  COMPANY_REPRESENTATIVE: z.string().min(1).default('代表取締役 推野 箱太郎'),
  /**
   * 依頼主 (the sender) printed on every slip of the carriers' layouts (shared/shipping-layouts.ts);
   * each defaults to the company's (SENDER_ZIP to the 〒 of COMPANY_ADDRESS). Phone and postal code
   * with or without hyphens.
   */
  SENDER_NAME: z.string().min(1).max(32).optional(),
  SENDER_ZIP: z.string().regex(/^\d{3}-?\d{4}$/, 'a postal code like 150-0002').optional(),
  SENDER_ADDRESS: z.string().min(1).max(64).optional(),
  SENDER_TEL: z.string().regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, 'a phone number like 03-1234-5678').optional(),
  /** B2クラウド ご請求先顧客コード (10–12 digits) and 運賃管理番号 (2 digits); e飛伝 お客様コード (12 digits). */
  YAMATO_BILLING_CODE: z.string().regex(/^\d{10,12}$/, '10 to 12 digits, as B2クラウド shows it').optional(),
  YAMATO_FREIGHT_NUMBER: z.string().regex(/^\d{2}$/, 'two digits, like 01').default('01'),
  SAGAWA_CUSTOMER_CODE: z.string().regex(/^\d{12}$/, '12 digits, as e飛伝 shows it').optional(),
  TWITTER_URL: url.default('https://twitter.com/oshibox_jp'),
  INSTAGRAM_URL: url.default('https://www.instagram.com/oshibox_jp/'),
  /**
   * The web tier's shared page cache for visitors without a session (server/page-cache/): the
   * catalogue and static pages, kept in memory up to PAGE_CACHE_MAX_MB, fresh for
   * PAGE_CACHE_FRESH_MS, then served stale while one render refreshes them, up to
   * PAGE_CACHE_STALE_MS. A catalogue change empties it on every instance (CATALOGUE_POLL_MS).
   */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_MAX_MB: wholeNumber(1, 4096, 64),
  PAGE_CACHE_FRESH_MS: wholeNumber(0, 3_600_000, 30_000),
  PAGE_CACHE_STALE_MS: wholeNumber(0, 86_400_000, 300_000),
  // Process limits (server/http-limits.server.ts, server/shutdown.server.ts): the grace default
  // stays under Kubernetes' 30 s terminationGracePeriodSeconds.
  SHUTDOWN_TIMEOUT_MS: wholeNumber(1000, 600_000, 25_000),
  SHUTDOWN_DELAY_MS: wholeNumber(0, 60_000, 1000),
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 600_000, 30_000),
  MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 1000),
  /**
   * How often each web copy asks the API for the catalogue's version (GET /api/catalogue/version,
   * server/catalogue-version.server.ts): a catalogue change reaches every copy's page cache within
   * about this long plus one answer. Each poll is one primary-key read.
   */
  CATALOGUE_POLL_MS: wholeNumber(100, 60_000, 1000),
  /** Prometheus /metrics on HOST; 0 turns it off. Never served on the public web port. */
  METRICS_PORT: port(9464, ' (0 turns metrics off)'),
  /**
   * Which payment provider implementation runs (api/payment/provider.ts): `sandbox`, the offline
   * test gateway with documented test cards, or `stripe` (api/payment/stripe/; the rules that span
   * the STRIPE_ keys are in shared/payment-config.ts).
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** A secret (sk_) or restricted (rk_) key, test or live. Never echoed in a message. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,250}$/, 'a Stripe secret or restricted key: sk_test_…, sk_live_…, rk_test_… or rk_live_…').optional(),
  /** The webhook endpoint's signing secret (Dashboard → Webhooks, or `stripe listen`). */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=_]{8,250}$/, 'a webhook signing secret: whsec_…').optional(),
  /** Stripe's API, or the local Stripe-compatible server (`npm run stripe:local`, http://127.0.0.1:12111). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'an origin like https://api.stripe.com or http://127.0.0.1:12111' }).default(STRIPE_API_ORIGIN),
  /** Each Stripe call's deadline, under the billing's 15 s provider deadline (api/payment/provider-deadline.ts). */
  STRIPE_TIMEOUT_MS: wholeNumber(1000, 14_000, 10_000),
  /**
   * The pace each API process keeps with Stripe, requests a second (api/payment/stripe/stripe-pacer.ts);
   * 0: Stripe's documented basic limit for the key's mode (100 live, 25 test; https://docs.stripe.com/rate-limits).
   */
  STRIPE_READS_PER_SECOND: wholeNumber(0, 10_000, 0, " (0: Stripe's documented limit)"),
  STRIPE_WRITES_PER_SECOND: wholeNumber(0, 10_000, 0, " (0: Stripe's documented limit)"),
  /** The sandbox answers each call after this long: a rehearsal or benchmark of a real gateway's latency. */
  SANDBOX_LATENCY_MS: wholeNumber(0, 10_000, 0),
  /** GMO後払い (GMOAB) is offered (a contract of its own); `off`: never offered (shared/deferred-switch.ts). */
  DEFERRED_PAYMENT: z.enum(['on', 'off']).default('on'),
  /**
   * 同梱 (shared/parcel.ts): a fan's boxes whose rounds ship inside one window of this many days
   * travel as one parcel and pay shipping once. 0 or 1: the same ship date; 7: a week from Monday.
   */
  CONSOLIDATION_WINDOW_DAYS: wholeNumber(0, CONSOLIDATION_WINDOW_MAX_DAYS, CONSOLIDATION_WINDOW_DEFAULT_DAYS),
  /** Konbini/PayPay fans (shared/shopper-round.ts): this many unpaid rounds in a row pause the subscription; 0: never. */
  SHOPPER_MISSED_ROUNDS_TO_PAUSE: wholeNumber(0, SHOPPER_MISSED_ROUNDS_MAX, SHOPPER_MISSED_ROUNDS_DEFAULT),
  // Billing (api/billing/): the pass that runs inside every API process; instances share the work.
  BILLING_SCHEDULER: z.enum(['on', 'off']).default('on'),
  BILLING_INTERVAL_MS: wholeNumber(1000, 3_600_000, 60_000),
  BILLING_CONCURRENCY: wholeNumber(1, 256, DEFAULT_BILLING_CONCURRENCY),
  BILLING_LEASE_MS: wholeNumber(1000, 3_600_000, 120_000),
  /** 特典 of a box with no delivery record open this many days after it shipped, or after its round's ship date (shared/vault.ts). */
  VAULT_UNLOCK_DAYS_AFTER_SHIP: wholeNumber(VAULT_UNLOCK_DAYS.min, VAULT_UNLOCK_DAYS.max, VAULT_UNLOCK_DAYS.fallback),
  /**
   * The operator endpoint's token (Bearer), always required. Unset: the API makes one at start
   * and keeps it in OPS_TOKEN_FILE (mode 0600), where `npm run ops` reads it (api/ops/ops-token-file.ts).
   */
  OPS_TOKEN: z.string().regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces').min(32, 'at least 32 characters').max(200).optional(),
  OPS_TOKEN_FILE: z.string().min(1).max(1000).optional(),
  /**
   * The key that seals staff TOTP secrets in the database (AES-256-GCM, api/staff/secret-box.ts):
   * 32 random bytes in base64 (`openssl rand -base64 32`). Required in production with
   * DATABASE_URL; otherwise, when unset, the API makes one and keeps it in STAFF_SECRET_KEY_FILE
   * (mode 0600, default `${DATA_DIR}/staff-secret-key`).
   */
  STAFF_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes in base64 (44 characters ending in =), e.g. from `openssl rand -base64 32`')
    .optional(),
  STAFF_SECRET_KEY_FILE: z.string().min(1).max(1000).optional(),
  /**
   * The key being rotated out: secrets it sealed still open until `npm run ops -- staff rotate-key`
   * seals them under STAFF_SECRET_KEY (docs/decisions/0074-staff-secret-key-rotation.md).
   */
  STAFF_SECRET_KEY_PREVIOUS: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, '32 bytes in base64 (44 characters ending in =): the STAFF_SECRET_KEY being replaced')
    .optional(),
  /** The receipts' issuer (Japan's invoice system); name and address default to the company's. */
  INVOICE_ISSUER_NAME: z.string().min(1).max(100).optional(),
  INVOICE_ISSUER_ADDRESS: z.string().min(1).max(200).optional(),
  /** 適格請求書発行事業者登録番号: `T` and 13 digits. The default is a demo number. */
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .regex(/^T\d{13}$/, 'an invoice registration number is T followed by 13 digits, like T1234567890123')
    .default(DEMO_INVOICE_NUMBER),
});

export type Config = z.infer<typeof ConfigSchema> & {
  API_ORIGIN: string;
  PUBLIC_ORIGIN: string;
  ADMIN_ORIGIN: string;
  /** Unset only with DATA_DIR=memory:// (nothing on disk) and no OPS_TOKEN_FILE: then only OPS_TOKEN opens /ops. */
  OPS_TOKEN_FILE: string | undefined;
  /** Unset only with DATA_DIR=memory://: then a key lives as long as the process (and the database). */
  STAFF_SECRET_KEY_FILE: string | undefined;
  INVOICE_ISSUER_NAME: string;
  INVOICE_ISSUER_ADDRESS: string;
};

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const c = parsed.data;
  const problems = paymentProblems(c);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      ...c,
      API_ORIGIN: c.API_ORIGIN ?? `http://127.0.0.1:${c.API_PORT}`,
      PUBLIC_ORIGIN: c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`,
      ADMIN_ORIGIN: c.ADMIN_ORIGIN ?? `http://localhost:${c.ADMIN_PORT}`,
      OPS_TOKEN_FILE: c.OPS_TOKEN_FILE ?? (c.DATA_DIR === 'memory://' ? undefined : `${c.DATA_DIR.replace(/\/+$/, '')}/ops-token`),
      STAFF_SECRET_KEY_FILE: c.STAFF_SECRET_KEY_FILE ?? (c.DATA_DIR === 'memory://' ? undefined : `${c.DATA_DIR.replace(/\/+$/, '')}/staff-secret-key`),
      INVOICE_ISSUER_NAME: c.INVOICE_ISSUER_NAME ?? c.COMPANY_NAME,
      INVOICE_ISSUER_ADDRESS: c.INVOICE_ISSUER_ADDRESS ?? c.COMPANY_ADDRESS,
    },
  };
}

/** The whitelisted part of the configuration that the browser may see. */
export interface PublicConfig {
  brandName: string;
  publicOrigin: string;
  analyticsId: string | null;
  company: { name: string; url: string; address: string; tel: string; email: string; representative: string };
  social: { twitter: string; instagram: string };
  /** The sandbox or a Stripe test-mode key takes the payments: the shell shows a 「テストモード」 notice. */
  paymentTestMode: boolean;
  /** GMO後払い is offered (DEFERRED_PAYMENT=on). */
  deferredPayment: boolean;
  /** Who issues the receipts (領収書): printed on every one. */
  invoiceIssuer: { name: string; address: string; registrationNumber: string };
}

export function toPublicConfig(c: Config): PublicConfig {
  return {
    brandName: c.BRAND_NAME,
    publicOrigin: c.PUBLIC_ORIGIN,
    analyticsId: c.ANALYTICS_ID ?? null,
    company: {
      name: c.COMPANY_NAME,
      url: c.COMPANY_URL,
      address: c.COMPANY_ADDRESS,
      tel: c.COMPANY_TEL,
      email: c.COMPANY_EMAIL,
      representative: c.COMPANY_REPRESENTATIVE,
    },
    social: { twitter: c.TWITTER_URL, instagram: c.INSTAGRAM_URL },
    paymentTestMode: isPaymentTestMode(c),
    deferredPayment: c.DEFERRED_PAYMENT === 'on',
    invoiceIssuer: { name: c.INVOICE_ISSUER_NAME, address: c.INVOICE_ISSUER_ADDRESS, registrationNumber: c.INVOICE_REGISTRATION_NUMBER },
  };
}

/** `〒150-0002 東京都渋谷区…` → its postal code and the address after it. */
function splitCompanyAddress(address: string): { zip: string; address: string } {
  const match = /^〒?\s*(\d{3}-?\d{4})\s*(.*)$/.exec(address.trim());
  return match ? { zip: match[1]!, address: match[2]! } : { zip: '', address: address.trim() };
}

/** The sender and account codes of the carriers' layouts: SENDER_* or else the company's. */
export function carrierSettingsOf(c: Config): CarrierSettings {
  const company = splitCompanyAddress(c.COMPANY_ADDRESS);
  return {
    sender: {
      name: c.SENDER_NAME ?? c.COMPANY_NAME,
      zip: (c.SENDER_ZIP ?? company.zip).replace('-', ''),
      address: c.SENDER_ADDRESS ?? company.address,
      tel: (c.SENDER_TEL ?? c.COMPANY_TEL).replace(/-/g, ''),
    },
    yamatoBillingCode: c.YAMATO_BILLING_CODE ?? '',
    yamatoFreightNumber: c.YAMATO_FREIGHT_NUMBER,
    sagawaCustomerCode: c.SAGAWA_CUSTOMER_CODE ?? '',
  };
}
