import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/** docs/spec.md §2 "/mypage/profile/adress": the postal code fills the address, with and without JavaScript. */
const shop = useProfileShop({ noJs: true });

describe('address form with JavaScript', () => {
  it('fills prefecture, city and town from the postal code (full-width digits too) and saves', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    await waitForHydration(page);
    const zip = page.locator('input[name="zip"]');
    const address = page.locator('input[name="address"]');

    await address.fill('');
    await zip.fill('');
    await zip.pressSequentially('1500002');
    await expect.poll(() => address.inputValue()).toBe('東京都渋谷区渋谷');

    await zip.fill('');
    await zip.pressSequentially('１００－０００１');
    await expect.poll(() => zip.inputValue()).toBe('1000001');
    await expect.poll(() => address.inputValue()).toBe('東京都千代田区千代田');
    await page.getByText('郵便番号から住所を入力しました。').waitFor();

    // The shared rules answer at once, before any request.
    const tel = page.locator('input[name="tel"]');
    await tel.fill('090-1234');
    await tel.blur();
    await page.getByText(MESSAGES.telFormat.ja).waitFor();
    // As a Japanese keyboard types it: full-width, with hyphens. Saved as its digits.
    await tel.fill('０９０－１２３４－５６７８');
    await page.locator('input[name="address2"]').fill('1-1 皇居前ビル101');
    await page.getByRole('button', { name: '変更を保存する' }).click();

    await page.waitForURL(`${shop.stack.webUrl}${href('profileAddress')}?done=address`);
    await page.getByText('登録情報を変更しました。').waitFor();
    await expect.poll(() => page.locator('input[name="address2"]').inputValue()).toBe('1-1 皇居前ビル101');
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByText('〒100-0001').waitFor();
    await page.getByText('東京都千代田区千代田 1-1 皇居前ビル101').waitFor();
    await page.getByText('09012345678', { exact: true }).waitFor();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('converts a postal code typed through the Japanese input method once the composition ends', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    await waitForHydration(page);
    const zip = page.locator('input[name="zip"]');
    await zip.fill('');
    await page.locator('input[name="address"]').fill('');
    await zip.focus();
    const cdp = await shop.browser.context.newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: '５３０－０００１', selectionStart: 8, selectionEnd: 8 });
    await cdp.send('Input.insertText', { text: '５３０－０００１' });
    await expect.poll(() => zip.inputValue()).toBe('5300001');
    await expect.poll(() => page.locator('input[name="address"]').inputValue()).toBe('大阪府大阪市北区梅田');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});

describe('address form without JavaScript', () => {
  it('fills the address with the "find address" button, then saves through the server action', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    await page.locator('input[name="address"]').fill('');
    await page.locator('input[name="zip"]').fill('５３０－０００１');
    await page.getByRole('button', { name: '住所を検索' }).click();
    await page.getByText('郵便番号から住所を入力しました。').waitFor();
    expect(await page.locator('input[name="zip"]').inputValue()).toBe('5300001');
    expect(await page.locator('input[name="address"]').inputValue()).toBe('大阪府大阪市北区梅田');

    await page.locator('input[name="address2"]').fill('3-1-1 梅田タワー2001');
    await page.locator('input[name="address2"]').press('Enter'); // Enter saves; it does not search
    await page.waitForURL(`${shop.stack.webUrl}${href('profileAddress')}?done=address`);
    await page.getByText('登録情報を変更しました。').waitFor();
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByText('大阪府大阪市北区梅田 3-1-1 梅田タワー2001').waitFor();
    await page.close();
  });

  it('shows the field messages in Japanese when the form is wrong', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    await page.locator('input[name="address"]').fill('北区梅田');
    await page.getByRole('button', { name: '変更を保存する' }).click();
    await page.getByText(MESSAGES.addressPrefecture.ja).waitFor();
    expect(await page.locator('input[name="address"]').getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });
});
