import type { MouseEvent, RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { withEnglish } from '../../shared/lang-rule.ts';
import { href } from '../../shared/routes.ts';
import { useConfig } from '../config.tsx';
import { useLang, useT } from '../lang.tsx';
import { Logo } from './logo.tsx';
import { GUEST_ENTRIES, HEADER_ENTRIES, type MenuEntry } from './menu-links.tsx';
import { MENU_ID } from './menu.tsx';

interface HeaderProps {
  signedIn: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The shell returns focus here when the menu is dismissed (Escape, backdrop). */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function Header({ signedIn, menuOpen, onToggleMenu, toggleRef }: HeaderProps) {
  const { brandName } = useConfig();
  const t = useT();
  return (
    <header className="header" data-menu-open={menuOpen}>
      <div className="header-inner">
        <Link to={href('home')} className="logo" aria-label={t({ ja: `${brandName} トップページ`, en: `${brandName} home` })}>
          <Logo brandName={brandName} tagline={t({ ja: '推しのサプライズBOX定期便', en: 'Surprise boxes from your oshi' })} />
        </Link>
        <HeaderNav signedIn={signedIn} />
        <div className="header-actions">
          <LangToggle />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={onToggleMenu}
          >
            <span className="menu-icon" aria-hidden="true" />
            <span className="visually-hidden">
              {t(menuOpen ? { ja: 'メニューを閉じる', en: 'Close menu' } : { ja: 'メニューを開く', en: 'Open menu' })}
            </span>
          </button>
          {/* Without JavaScript the button cannot open the menu; this link does (`.menu:target`),
              so the member links and the logout form stay reachable. The button is hidden then by
              shell.css's `@media (scripting: none)`. */}
          <noscript>
            <a href={`#${MENU_ID}`} className="menu-toggle menu-toggle-link">
              <span className="menu-icon" aria-hidden="true" />
              <span className="visually-hidden">{t({ ja: 'メニューを開く', en: 'Open menu' })}</span>
            </a>
          </noscript>
        </div>
      </div>
    </header>
  );
}

/** A member reaches my page; a visitor logs in or signs up (the menu's two buttons, GUEST_ENTRIES). */
const ACCOUNT_ENTRIES: Record<'in' | 'out', MenuEntry[]> = {
  in: [{ id: 'profile', label: { ja: 'マイページ', en: 'My page' } }],
  out: GUEST_ENTRIES,
};

/** Wide screens: the main destinations stay in view, so the menu is not the only way around. */
function HeaderNav({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const entries = [...HEADER_ENTRIES, ...ACCOUNT_ENTRIES[signedIn ? 'in' : 'out']];
  return (
    <nav className="header-nav" aria-label={t({ ja: 'メインメニュー', en: 'Main' })}>
      <ul>
        {entries.map(({ id, label }) => (
          <li key={id}>
            <NavLink to={href(id)} className="header-nav-link" data-route={id}>{t(label)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * docs/spec.md §1: the English on/off flag. The button names the language it switches to, in that
 * language (as Japanese shops usually do); the whole page being in the other language is the state.
 */
function LangToggle() {
  const { english, toggle } = useLang();
  const { pathname, search } = useLocation();
  // A link to this page with or without `?lang=en`, so it works without JavaScript; with it, the
  // flag flips in place (spec: app state) and the URL stays as it is.
  function flip(event: MouseEvent<HTMLAnchorElement>): void {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    toggle();
  }
  return (
    <a
      href={withEnglish(pathname, search, !english)}
      className="lang-toggle"
      data-english={english}
      onClick={flip}
      title={english ? '日本語で表示する' : 'Show in English'}
    >
      <svg className="lang-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.4 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z"
          fill="currentColor"
        />
      </svg>
      {english ? <span lang="ja">日本語</span> : <span lang="en">English</span>}
    </a>
  );
}
