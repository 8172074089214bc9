import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useFocusOnNavigate } from '../hooks/use-focus-on-navigate.ts';
import { useLang, useT } from '../lang.tsx';
import { Header } from './header.tsx';
import { hydrateLater } from './hydrate-later.tsx';
import { TOP_ID } from './shell-ids.ts';
import { TestModeBar } from './test-mode-bar.tsx';

// Neither is needed for a page's first hydration: the menu is closed and the footer is links.
// Their code comes in its own chunks and they hydrate when it arrives (decision 00XX-less-script).
const Menu = hydrateLater(() => import('./menu.tsx').then((m) => m.Menu));
const FooterContent = hydrateLater(() => import('./footer.tsx').then((m) => m.FooterContent));

/** Starts loading the shell's later parts (the entry does, so they arrive beside the page's module). */
export function preloadShellParts(): Promise<unknown> {
  return Promise.all([Menu.preload(), FooterContent.preload()]);
}

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
        <Outlet />
      </main>
      <footer className="footer" inert={menuOpen}>
        <FooterContent />
      </footer>
    </div>
  );
}
