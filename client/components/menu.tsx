import { useRef } from 'react';
import { useT } from '../lang.tsx';
import { useBodyScrollLock } from '../hooks/use-body-scroll-lock.ts';
import { useEscapeKey } from '../hooks/use-escape-key.ts';
import { useFocusTrap } from '../hooks/use-focus-trap.ts';
import { useConfig } from '../config.tsx';
import { CONTACT_LABEL, GUEST_ENTRIES, MEMBER_ENTRIES, MenuLinks, MORE_ENTRIES, SHOP_ENTRIES } from './menu-links.tsx';
import { MenuLogout } from './menu-logout.tsx';

export const MENU_ID = 'site-menu';
/** The page's top (the shell): page-top links here, and so does the menu's no-JavaScript close link. */
export const TOP_ID = 'top';

interface MenuProps {
  open: boolean;
  signedIn: boolean;
  /** A link or logout was used: close, and let the navigation take focus. */
  onNavigate: () => void;
  /** Escape or the backdrop: close and give focus back to the toggle. */
  onDismiss: () => void;
}

/**
 * docs/spec.md §2: the slide-out menu. It stays in the document so it can slide; while closed it is
 * `visibility: hidden` (out of the tab order and the accessibility tree). While open it traps
 * focus, locks the page's scroll, and closes on Escape, on the backdrop and on any link.
 */
export function Menu({ open, signedIn, onNavigate, onDismiss }: MenuProps) {
  const t = useT();
  const { company } = useConfig();
  const panel = useRef<HTMLElement>(null);
  useFocusTrap(panel, open);
  useBodyScrollLock(open);
  useEscapeKey(open, onDismiss);
  return (
    <>
      <div className="menu-backdrop" data-open={open} onClick={onDismiss} aria-hidden="true" />
      <nav ref={panel} id={MENU_ID} className="menu" data-open={open} aria-label={t({ ja: 'メニュー', en: 'Menu' })}>
        <p className="menu-heading">{t({ ja: 'ショップ', en: 'Shop' })}</p>
        <MenuLinks entries={SHOP_ENTRIES} onNavigate={onNavigate} />
        <p className="menu-heading">{t({ ja: 'マイページ', en: 'My page' })}</p>
        {signedIn ? (
          <MenuLinks entries={MEMBER_ENTRIES} onNavigate={onNavigate} />
        ) : (
          <MenuLinks entries={GUEST_ENTRIES} onNavigate={onNavigate} variant="buttons" />
        )}
        {signedIn ? <MenuLogout onDone={onNavigate} /> : null}
        <p className="menu-heading">{t({ ja: 'ほかにも', en: 'More' })}</p>
        <MenuLinks entries={MORE_ENTRIES} onNavigate={onNavigate}
          extra={<a className="menu-link" href={`mailto:${company.email}`}>{t(CONTACT_LABEL)}</a>} />
        {/* Without JavaScript the menu is open while it is the URL's #fragment; leaving it closes it. */}
        <noscript>
          <a className="menu-link menu-close-link" href={`#${TOP_ID}`}>{t({ ja: 'メニューを閉じる', en: 'Close menu' })}</a>
        </noscript>
      </nav>
    </>
  );
}
