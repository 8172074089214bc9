import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { waitForHydration } from '../support/browser.ts';
import { seedDeliveryBoxes } from '../support/delivery-boxes.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/**
 * With JavaScript on, saving the address lands on the same page with the notice of which boxes go
 * where (the loader runs in the browser). Screenshots at phone and desktop widths for a person.
 */
const shop = useProfileShop();
const SHOTS = 'test-results/profile';
const label = (shipDate: Date) => issueLabel({ shipDate: shipDate.toISOString() }).ja;

describe('the address page after a save', () => {
  it('says which boxes go to the new address and which keep the old one', async () => {
    const user = await signUpViaApi(shop);
    const shipTo = { zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', name: '推野 花子', tel: '0312345678' };
    const boxes = await seedDeliveryBoxes(shop.stack.database.handle.db, user.userId, shipTo, `e2e-${user.userId}`);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    await waitForHydration(page);
    await page.locator('input[name="address2"]').fill('3-1-1 梅田タワー2001');
    await page.getByRole('button', { name: '変更を保存する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profileAddress')}?done=address`);
    const notice = page.getByRole('status').filter({ hasText: '登録情報を変更しました。' });
    await notice.getByText(`ミライの${label(boxes.preparingShip)}は発送準備中のため、変更前のお届け先へお届けします。`).waitFor();
    await notice.getByText(`ソラの${label(boxes.chargedShip)}、ミライの${label(boxes.openShip)}は新しいお届け先へお届けします。`).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/address-delivery-notice-${width}.png` });
    }
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});
