import { isLoopbackName } from './allowed-hosts.ts';
import { DEMO_INVOICE_NUMBER, type Config } from './config.ts';
import { isPaymentTestMode } from './payment-config.ts';

/**
 * Settings that start fine but are wrong for a shop open to the public (issue 22): in production
 * each is one warning line at start, in the processes whose tier uses it. They are warnings, not
 * errors, because a staging copy behind a load balancer legitimately runs this way.
 */
export type Tier = 'api' | 'web' | 'admin';

export interface ProductionWarning {
  setting: string;
  message: string;
}

interface Rule {
  setting: string;
  tiers: Tier[];
  applies(c: Config, env: Record<string, string | undefined>): boolean;
  message(c: Config): string;
}

const RULES: Rule[] = [
  {
    setting: 'PAYMENT_PROVIDER',
    tiers: ['api'],
    applies: (c) => isPaymentTestMode(c),
    message: (c) => c.PAYMENT_PROVIDER === 'sandbox'
      ? 'payments run in test mode (the sandbox): no card is really charged; set PAYMENT_PROVIDER=stripe with a live key before taking orders'
      : 'payments run in test mode (a Stripe test key): no card is really charged; set a live STRIPE_SECRET_KEY before taking orders',
  },
  {
    setting: 'INVOICE_REGISTRATION_NUMBER',
    tiers: ['web'],
    applies: (c) => c.INVOICE_REGISTRATION_NUMBER === DEMO_INVOICE_NUMBER,
    message: () => `is the demo number ${DEMO_INVOICE_NUMBER}, printed on every receipt; set the shop's own registration number`,
  },
  {
    setting: 'PUBLIC_ORIGIN',
    tiers: ['web', 'api'],
    applies: (c) => isLoopbackName(new URL(c.PUBLIC_ORIGIN).hostname),
    message: (c) => `is ${c.PUBLIC_ORIGIN}, this machine: canonical links, the sitemap and the links in mails point there; set the address shoppers use`,
  },
  {
    setting: 'TRUST_PROXY',
    // The API too (issue 29): its throttles key on the client the web tier names, from whatever hop it is called.
    tiers: ['web', 'admin', 'api'],
    // Only the default: an operator who sets `loopback` runs the balancer (or the web tier) on this machine.
    applies: (_c, env) => !env.TRUST_PROXY,
    message: () => 'is not set (loopback only): behind a load balancer, or a web tier, on another address every client looks like that hop to rate limits and logs; set its address range or hop count',
  },
];

/** The warnings for a process serving `tiers`; none unless NODE_ENV is production. */
export function productionWarnings(c: Config, env: Record<string, string | undefined>, tiers: Tier[]): ProductionWarning[] {
  if (c.NODE_ENV !== 'production') return [];
  return RULES.filter((rule) => rule.tiers.some((tier) => tiers.includes(tier)) && rule.applies(c, env))
    .map((rule) => ({ setting: rule.setting, message: `${rule.setting} ${rule.message(c)}` }));
}
