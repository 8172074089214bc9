import { randomBytes } from 'node:crypto';
import type { Mailbox } from '../../../test/support/mailbox.ts';
import { createBuyerClient, sendWithRetries, type Failure } from './buyer-http.ts';
import { MyHistory, parsed } from './buyer-shapes.ts';
import { registerCard, signUp } from './buyer-signup.ts';
import { myPlans, takeStep, type Buyer, type Checkout, type Step } from './buyer-steps.ts';

export interface BuyerOptions {
  /** The public HAProxy frontend, e.g. http://127.0.0.1:PORT (the shops' PUBLIC_ORIGIN). */
  baseUrl: string;
  /** test/support/mailbox.ts startMailbox(); the shop's SMTP_URL points at it. */
  mailbox: Mailbox;
  buyers: number;
  /** Date.now() deadline: no new step starts after it. */
  until: number;
  log(line: string): void;
}

/** What a buyer sees of their own account at the end (GET /api/userPlan, /api/planOrderHistory): verify.ts compares it with the database. */
export interface BuyerView {
  email: string;
  /** Both pages answered; when false the lists are empty and verify.ts says so. */
  read: boolean;
  userPlans: { id: number; planId: number; count: number }[];
  history: { id: number; roundId: number; planId: number; paymentStatus: string }[];
}

export interface BuyerReport {
  checkouts: Checkout[];
  steps: Step[];
  /** Every failed HTTP attempt (status >= 500, 421, network error, timeout) with its time. */
  failures: Failure[];
  /** Answers that said "try again shortly" (429, 409 IN_PROGRESS), retried: not failures. */
  retryLater: number;
  emails: string[];
  /** Sign-up code requests sent per buyer (each may have mailed one code). */
  codeRequests: Record<string, number>;
  views: BuyerView[];
}

const THINK_MS = { min: 200, max: 1500 };
const ARRIVAL_GAP_MS = 700;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * N shoppers in parallel over HTTP only, through the web tier's /api proxy: sign-up by mail code,
 * a card on the sandbox's page, then subscribe, change, skip and cancel with short think times
 * until `until`; at the end each reads their own plans and order history (the sessions stay here,
 * never in the report).
 */
export async function runBuyers(options: BuyerOptions): Promise<BuyerReport> {
  const run = randomBytes(3).toString('hex');
  const report: BuyerReport = { checkouts: [], steps: [], failures: [], retryLater: 0, emails: [], codeRequests: {}, views: [] };
  const log = { failures: report.failures, retryLater: 0 };
  await Promise.all(Array.from({ length: options.buyers }, async (_, i) => {
    const buyer: Buyer = {
      n: i + 1, email: `soak-buyer-${run}-${i + 1}@example.com`, client: createBuyerClient(options.baseUrl),
      log, checkouts: report.checkouts, steps: report.steps,
    };
    report.emails.push(buyer.email);
    // Shoppers arrive over a few seconds, not in the same millisecond.
    await sleep(i * ARRIVAL_GAP_MS);
    await visit(buyer, options, report);
    report.views.push(await viewOf(buyer));
  }));
  report.retryLater = log.retryLater;
  return report;
}

async function visit(buyer: Buyer, options: BuyerOptions, report: BuyerReport): Promise<void> {
  const signup = await signUp(buyer.client, options.mailbox, buyer.email, `buyer ${buyer.n}`, buyer.log);
  report.codeRequests[buyer.email] = signup.codeRequests;
  buyer.steps.push({ buyer: buyer.n, kind: 'signup', ok: signup.ok, attempts: signup.attempts, status: signup.ok ? 201 : 0, code: null });
  if (!signup.ok) return options.log(`buyer ${buyer.n}: sign-up failed after ${signup.attempts} attempts`);
  const card = await registerCard(buyer.client, `buyer ${buyer.n}`, buyer.log);
  buyer.steps.push({ buyer: buyer.n, kind: 'card', ok: card.ok, attempts: card.attempts, status: card.ok ? 303 : 0, code: null });
  if (!card.ok) return options.log(`buyer ${buyer.n}: card registration failed after ${card.attempts} attempts`);
  options.log(`buyer ${buyer.n}: signed up, card registered`);
  while (Date.now() < options.until) {
    await takeStep(buyer);
    await sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
  }
}

async function viewOf(buyer: Buyer): Promise<BuyerView> {
  const plans = await myPlans(buyer);
  const done = await sendWithRetries(`buyer ${buyer.n} order history`, buyer.log, () => buyer.client.send('GET', '/api/planOrderHistory'));
  const history = parsed(MyHistory, done.answer);
  return {
    email: buyer.email,
    read: plans !== null && history !== null,
    userPlans: (plans ?? []).map((p) => ({ id: p.id, planId: p.plan.id, count: p.count })),
    history: (history ?? []).map((h) => ({ id: h.id, roundId: h.order.id, planId: h.plan.id, paymentStatus: h.paymentStatus })),
  };
}
