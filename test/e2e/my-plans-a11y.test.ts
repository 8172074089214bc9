import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousAxeViolations } from '../support/axe.ts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { switchToEnglish, waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * axe-core on every page of issue 8 (checkout ready and blocked, completion, My plans with a
 * notice, the cancel confirmation), no page wider than a 390 px phone. Screenshots at 390/1280 px
 * go to SUBSCRIPTION_SCREENSHOTS=<dir> when set.
 */
const shop = useProfileShop();
const SCREENSHOTS = process.env.SUBSCRIPTION_SCREENSHOTS;
let catalogue: E2eCatalogue;
let subscriber: TestUser;
let newcomer: TestUser;

beforeAll(async () => {
  catalogue = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'a11y-sub-artist');
  subscriber = await signUpViaApi(shop);
  await registerCard(shop, subscriber);
  newcomer = await signUpViaApi(shop);
});

async function check(name: string, user: TestUser, target: string, english = false): Promise<string[]> {
  await signInBrowser(shop.browser, shop, user);
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${target}`);
  await waitForHydration(page);
  if (english) await switchToEnglish(page);
  const violations = await seriousAxeViolations(page, name);
  await page.setViewportSize({ width: 390, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.close();
  return [
    ...(overflow > 0 ? [`${name}: ${overflow}px wider than 390px`] : []),
    ...violations,
  ];
}

describe('subscription pages accessibility', () => {
  // Seven pages, each checked by axe at two widths: about a minute on a busy machine, so its own time (2× headroom).
  it('checkout, completion, My plans and the cancel, skip and pause confirmations have no serious violation', { timeout: 150_000 }, async () => {
    const { slug, light } = catalogue;
    const problems: string[] = [];
    problems.push(...await check('checkout', subscriber, href('checkout', { slug, planId: light })));
    problems.push(...await check('checkout-en', subscriber, href('checkout', { slug, planId: light }), true));
    problems.push(...await check('checkout-blocked', newcomer, href('checkout', { slug, planId: light })));
    const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${subscriber.session}`)
      .set('idempotency-key', `a11y-${subscriber.userId}-key`).send({ planId: light });
    expect(res.status, res.text).toBe(201);
    problems.push(...await check('complete', subscriber, href('complete', { slug, planId: light })));
    problems.push(...await check('my-plans', subscriber, `${href('plan')}?done=skip&from=2026-12`));
    problems.push(...await check('my-plans-en', subscriber, href('plan'), true));
    problems.push(...await check('my-plans-empty', newcomer, href('plan')));
    problems.push(...await check('plan-delete', subscriber, href('planDelete', { slug, planId: light })));
    problems.push(...await check('plan-skip', subscriber, href('planSkip', { slug, planId: light })));
    problems.push(...await check('plan-pause-en', subscriber, href('planPause', { slug, planId: light }), true));
    expect(problems).toEqual([]);
    expect(shop.browser.errors).toEqual([]);
  });
});
