import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFocusOnNavigate } from '../hooks/use-focus-on-navigate.ts';
import { useLang, useT } from '../lang.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { Menu, TOP_ID } from './menu.tsx';
import { TestModeBar } from './test-mode-bar.tsx';
import { WelcomeNotice } from './welcome-notice.tsx';

/** docs/spec.md §2: the page shell — header, slide-out menu, footer. */
export function Shell({ signedIn }: { signedIn: boolean }) {
  const { english } = useLang();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useFocusOnNavigate(mainRef, menuOpen);

  // However the page changed (link, back button, logout), the menu does not stay open over it.
  useEffect(() => setMenuOpen(false), [pathname]);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const dismissMenu = useCallback(() => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  }, []);

  return (
    // The page content follows the English flag, as <html lang> does (hooks/use-document-lang.ts).
    <div className="shell" id={TOP_ID} lang={english ? 'en' : 'ja'}>
      <a className="skip-link" href="#main">{t({ ja: '本文へスキップ', en: 'Skip to content' })}</a>
      <TestModeBar />
      <Header signedIn={signedIn} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} toggleRef={toggleRef} />
      <Menu open={menuOpen} signedIn={signedIn} onNavigate={closeMenu} onDismiss={dismissMenu} />
      <main id="main" className="main" tabIndex={-1} inert={menuOpen} ref={mainRef}>
        <WelcomeNotice signedIn={signedIn} />
        <Outlet />
      </main>
      <Footer inert={menuOpen} />
    </div>
  );
}
