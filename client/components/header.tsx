import { Link } from 'react-router';
import { href } from '../../shared/routes.ts';
import { useConfig } from '../config.tsx';
import { useLang, useT } from '../lang.tsx';

export function Header({ menuOpen, onToggleMenu }: { menuOpen: boolean; onToggleMenu: () => void }) {
  const { brandName } = useConfig();
  const { english, toggle } = useLang();
  const t = useT();
  return (
    <header className="header">
      <Link to={href('home')} className="logo" aria-label={t({ ja: `${brandName} トップページ`, en: `${brandName} home` })}>
        <span className="logo-mark" aria-hidden="true">🎁</span>
        <span className="logo-text">{brandName}</span>
      </Link>
      <div className="header-actions">
        <button type="button" className="lang-toggle" aria-pressed={english} onClick={toggle}>
          {english ? '日本語' : 'English'}
        </button>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={onToggleMenu}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span className="visually-hidden">{t(menuOpen ? { ja: 'メニューを閉じる', en: 'Close menu' } : { ja: 'メニューを開く', en: 'Open menu' })}</span>
        </button>
      </div>
    </header>
  );
}
