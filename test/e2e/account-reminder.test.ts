import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/**
 * English on the password reminder and sign-up: it stays on through their steps and the pages after
 * (decision 0067), and the mailed code comes in English too.
 */
const shop = useProfileShop();

describe('password reminder in English', () => {
  it('keeps English on through all three steps, mails in English, and ends signed in with the new password', async () => {
    const user = await signUpViaApi(shop);
    await shop.browser.context.clearCookies();
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('reminder')}`);
    await waitForHydration(page);
    await page.locator('.lang-toggle').click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    const mail = await shop.mailbox.waitFor(user.email);
    expect(mail.subject).toContain('Your password reset code');
    await page.getByText('We sent you an authentication code').waitFor();
    await page.getByLabel('Authentication code (6 digits)').fill(shop.mailbox.codeIn(mail));
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="password"]').blur();
    await page.getByText('The password must be 8 to 100 characters.').waitFor();
    await page.locator('input[name="password"]').fill('Reset-passw0rd');
    await page.locator('input[name="passwordConfirm"]').fill('Reset-passw0rd');
    await page.getByRole('button', { name: 'Reset the password' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}?done=password`);
    // English, once chosen, stays on across pages (decision 0067).
    await page.getByText('Your password has been changed.').waitFor();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('keeps English on between the sign-up steps too (they are not route changes), and mails in English', async () => {
    const email = `signup-en-${Date.now()}@example.com`;
    await shop.browser.context.clearCookies();
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('signup')}`);
    await waitForHydration(page);
    await page.locator('.lang-toggle').click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    const mail = await shop.mailbox.waitFor(email);
    expect(mail.subject).toContain('Your sign-up code');
    await page.getByLabel('Authentication code (6 digits)').fill(shop.mailbox.codeIn(mail));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByLabel('Postal code').waitFor();
    await page.getByRole('link', { name: 'Log in instead' }).click();
    // A route change keeps English on (decision 0067).
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.close();
  });
});
