import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { href, type RouteId } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { useT } from '../lang.tsx';

/** Menu entries go to parameterless routes only, so `href(id)` needs no arguments. */
type StaticRouteId = Extract<
  RouteId,
  'lineup' | 'howto' | 'faq' | 'news' | 'reBox' | 'lineupClose' | 'login' | 'signup' | 'profile' | 'plan' | 'orderHistory' | 'vault'
>;

export interface MenuEntry {
  id: StaticRouteId;
  label: Text;
}

/** docs/spec.md §2: always shown. */
export const SHOP_ENTRIES: MenuEntry[] = [
  { id: 'lineup', label: { ja: 'ラインナップ', en: 'Lineup' } },
  { id: 'howto', label: { ja: 'ご利用方法', en: 'How to use' } },
  { id: 'faq', label: { ja: 'よくある質問', en: 'FAQ' } },
];

/** The header's desktop navigation: the shop entries and the news (login or my page follow). */
export const HEADER_ENTRIES: MenuEntry[] = [...SHOP_ENTRIES, { id: 'news', label: { ja: 'お知らせ', en: 'News' } }];

/** The rest of the shop, reached from the menu and the footer. */
export const MORE_ENTRIES: MenuEntry[] = [
  { id: 'news', label: { ja: 'お知らせ', en: 'News' } },
  { id: 'reBox', label: { ja: 'Re-box（再販BOX）', en: 'Re-box (boxes once more)' } },
  { id: 'lineupClose', label: { ja: '販売終了したアーティスト', en: 'Artists whose sales ended' } },
];

export const CONTACT_LABEL: Text = { ja: 'お問い合わせ', en: 'Contact us' };

/** docs/spec.md §2: signed out. */
export const GUEST_ENTRIES: MenuEntry[] = [
  { id: 'login', label: { ja: 'ログイン', en: 'Log in' } },
  { id: 'signup', label: { ja: '新規会員登録', en: 'Sign up' } },
];

/** docs/spec.md §2/§6: signed in only (the logout entry follows them). */
export const MEMBER_ENTRIES: MenuEntry[] = [
  { id: 'profile', label: { ja: '会員情報', en: 'Profile' } },
  { id: 'plan', label: { ja: 'プラン管理', en: 'My plans' } },  // the page's own title and the mails' name for it
  { id: 'orderHistory', label: { ja: '注文履歴', en: 'Order history' } },
  { id: 'vault', label: { ja: '特典', en: 'Bonuses' } },
];

interface MenuLinksProps {
  entries: MenuEntry[];
  onNavigate: () => void;
  /** `buttons` lays the entries out as two call-to-action buttons (log in / sign up). */
  variant?: 'list' | 'buttons';
  /** A last entry after the links (the contact address). */
  extra?: ReactNode;
}

/** A list of menu links; any click closes the menu (docs/spec.md §2). */
export function MenuLinks({ entries, onNavigate, variant = 'list', extra }: MenuLinksProps) {
  const t = useT();
  return (
    <ul className={variant === 'buttons' ? 'menu-list menu-list-buttons' : 'menu-list'}>
      {entries.map(({ id, label }) => (
        <li key={id}>
          <NavLink to={href(id)} className="menu-link" data-route={id} onClick={onNavigate}>
            {t(label)}
          </NavLink>
        </li>
      ))}
      {extra ? <li>{extra}</li> : null}
    </ul>
  );
}
