import type { Server } from 'node:http';
import path from 'node:path';
import { startStaffSession, STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { freePorts } from '../integration/process-fixtures.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { createConsoleApp } from './console.ts';
import { startStack } from './stack.ts';

/**
 * Issue 30's screenshots, for a person to look at (`npx tsx test/support/period-shots.ts <dir>`,
 * after `npm run build`): the demo artist page's 3-month plan card, and the console refusing a
 * round a month after another round of that plan, at 390 and 1280 px.
 */
const OUT = path.resolve(process.argv[2] ?? 'test-results/screenshots');
const WIDTHS = [390, 1280] as const;

async function artistPage(): Promise<void> {
  const stack = await startStack({ seed: true });
  const browser = await launchBrowser();
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.webUrl}/lineup/amane_kururi`);
      await waitForHydration(page);
      const card = page.locator('.plan-card', { hasText: '3ヶ月まとめてプラン' });
      await card.screenshot({ path: path.join(OUT, `artist-quarter-card-${width}.png`), animations: 'disabled' });
      await page.close();
    }
    const lineup = await browser.newPage();
    await lineup.goto(`${stack.webUrl}/lineup`);
    await waitForHydration(lineup);
    await lineup.locator('a.artist-card[href="/lineup/amane_kururi"]').screenshot({ path: path.join(OUT, 'lineup-card-390.png'), animations: 'disabled' });
    await lineup.close();
  } finally {
    await browser.close();
    await stack.close();
  }
}

async function consoleRefusal(): Promise<void> {
  const [port = 0] = await freePorts(1);
  const origin = `http://127.0.0.1:${port}`;
  const stack = await startStack({ seed: false, env: { PUBLIC_ORIGIN: origin } });
  const server = await new Promise<Server>((resolve) => {
    const s = createConsoleApp(stack, { ADMIN_ORIGIN: origin }).listen(port, '127.0.0.1', () => resolve(s));
  });
  const db = stack.database.handle.db;
  const now = new Date();
  const artist = await db.insertInto('artists').values({ slug: 'shots-quarter', name: '天音くるり', type: 'VTUBER', attribute: JSON.stringify({ links: [] }) }).returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: '3ヶ月まとめてプラン', period: 3, price: 16500, pre_tax_price: 15000 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('plan_orders').values({
    plan_id: plan.id, name: '1月号', price: 16500, pre_tax_price: 15000, start_date: new Date('2026-12-01T12:00:00+09:00'),
    end_date: new Date('2026-12-31T23:59:59+09:00'), ship_date: new Date('2027-01-25T10:00:00+09:00'),
  }).execute();
  const staff = await db.insertInto('staff').values({ email: 'shots@oshibox.example', role: 'catalogue', password_hash: 'x', totp_secret: 'x', enrolled_at: now, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const browser = await launchBrowser();
  try {
    for (const width of WIDTHS) {
      await browser.context.addCookies([{ name: STAFF_COOKIE, value: await startStaffSession(db, staff.id, new Date()), url: origin }]);
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/catalogue/plans/${plan.id}`);
      await waitForHydration(page);
      const form = page.locator('form', { has: page.locator('input[name="intent"][value="round"]') });
      await form.locator('input[name="name"]').fill('2月号');
      await form.locator('input[name="startDate"]').fill('2027-01-01T12:00');
      await form.locator('input[name="endDate"]').fill('2027-01-31T23:59');
      await form.locator('input[name="shipDate"]').fill('2027-02-25T10:00');
      await form.locator('button[type="submit"]').click();
      await form.locator('.form-field-error').first().waitFor();
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUT, `console-round-refused-${width}.png`), fullPage: true, animations: 'disabled' });
      await page.close();
    }
    if (browser.errors.length > 0) console.error(browser.errors);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await stack.close();
  }
}

await artistPage();
await consoleRefusal();
console.log(`screenshots in ${OUT}`);
