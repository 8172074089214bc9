import type { Page } from 'playwright-core';
import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import { behaviourOf } from '../../api/payment/sandbox/test-cards.ts';
import type { ProfileShop, TestUser } from './profile-shop.ts';

/**
 * A test card put straight into the sandbox's vault and the shop's `user_cards`, as the hosted
 * card page and /api/credit-confirm would (H7's e2e drives those pages; these tests start after).
 */
export async function registerTestCardInVault(shop: ProfileShop, user: TestUser, cardNumber: string): Promise<void> {
  const db = shop.stack.database.handle.db;
  const now = new Date();
  const details = { brand: 'Visa', last4: cardNumber.slice(-4), expiry: '12/30' };
  const token = await insertVaultCard(db, { ...details, declinesCharges: behaviourOf(cardNumber) === 'decline_charges' }, now);
  await db.insertInto('user_cards').values({ user_id: user.userId, token, ...details, updated_at: now }).execute();
  await db.updateTable('users').set({ payment_method: 'CARD' }).where('id', '=', user.userId).execute();
}

/**
 * A card registered the way a shopper does it: `GET /api/credit` (returning to `returnTo`), the
 * sandbox's hosted card page, then `/api/credit-confirm` back to the shop. Needs JavaScript on
 * the page only for the first call; the hosted page itself is a plain form.
 */
export async function registerCardOnHostedPage(page: Page, webUrl: string, cardNumber: string, returnTo: string): Promise<void> {
  const target = await page.evaluate(async (retUrl) => {
    const res = await fetch(`/api/credit?retUrl=${encodeURIComponent(retUrl)}`, { headers: { accept: 'application/json' } });
    return ((await res.json()) as { url: string }).url;
  }, returnTo);
  await page.goto(new URL(target, webUrl).toString());
  await page.locator('input[name="cardNumber"]').fill(cardNumber);
  await page.locator('input[name="expiry"]').fill('12/30');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('input[name="holder"]').fill('HANAKO OSHINO');
  await page.getByRole('button', { name: 'カードを登録する / Register card' }).click();
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0]);
}
