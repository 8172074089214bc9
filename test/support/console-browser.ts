import { URI, type TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { waitForHydration } from './browser.ts';

/** The password every console e2e gives the staff it enrols. */
export const CONSOLE_PASSWORD = 'console-pass-1';

/**
 * A new staff member in the browser: the setup page (the code computed from the otpauth:// URI the
 * page shows, as an authenticator app reads the QR code), then login with the app's next code (the
 * enrolment's code is never taken twice). `js: false` for a page with JavaScript off.
 */
export async function enrolAndLogIn(page: Page, setupUrl: string, email: string, { js = true } = {}): Promise<TOTP> {
  await page.goto(setupUrl);
  if (js) await waitForHydration(page);
  const totp = URI.parse(await page.locator('.console-uri code').innerText()) as TOTP;
  await page.locator('input[name="password"]').fill(CONSOLE_PASSWORD);
  await page.locator('input[name="passwordConfirm"]').fill(CONSOLE_PASSWORD);
  await page.locator('input[name="otp"]').fill(totp.generate());
  await page.getByRole('button', { name: '設定する' }).click();
  await page.getByRole('link', { name: '保管しました（ログインへ）' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await logIn(page, email, totp.generate({ timestamp: Date.now() + 30_000 }), { js });
  return totp;
}

/** The login form, on the page already open at /login: e-mail, CONSOLE_PASSWORD and the code `otp`. */
export async function logIn(page: Page, email: string, otp: string, { js = true } = {}): Promise<void> {
  if (js) await waitForHydration(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(CONSOLE_PASSWORD);
  await page.locator('input[name="otp"]').fill(otp);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByRole('navigation', { name: '管理メニュー' }).waitFor();
}
