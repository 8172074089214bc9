import { useSearchParams } from 'react-router';
import type { Text } from '../../shared/text.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';

/**
 * Sign-up ends with a welcome on whichever page the new member lands (issue 31): their profile, or
 * the checkout or page that asked for the login. The sign-up's redirect adds `welcome=1`, so it
 * shows with or without JavaScript and holds nothing on the server; it is shown to a signed-in fan
 * only (a page with a session is never kept by the page cache, nor one with this query).
 */
export const WELCOME_PARAM = 'welcome';

export function withWelcome(path: string): string {
  const url = new URL(path, 'http://return.invalid');
  url.searchParams.set(WELCOME_PARAM, '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

const welcomeText = (brand: string): Text => ({
  ja: `会員登録が完了しました。${brand}へようこそ！ご登録のメールアドレスにご案内をお送りしました。`,
  en: `Your account is ready. Welcome to ${brand}! We have sent a welcome mail to your address.`,
});

export function WelcomeNotice({ signedIn }: { signedIn: boolean }) {
  const [params] = useSearchParams();
  const t = useT();
  const { brandName } = useConfig();
  if (!signedIn || params.get(WELCOME_PARAM) !== '1') return null;
  return <p className="flash-notice welcome-notice" role="status">{t(welcomeText(brandName))}</p>;
}
