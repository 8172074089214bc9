import { Link, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { href, type RouteId } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { apiFrom } from '../data/api.ts';
import { useT } from '../lang.tsx';
import type { RootData } from '../routes/root.tsx';

const ALWAYS: [RouteId, Text][] = [
  ['lineup', { ja: 'ラインナップ', en: 'Lineup' }],
  ['howto', { ja: 'ご利用方法', en: 'How to use' }],
  ['faq', { ja: 'よくある質問', en: 'FAQ' }],
];
const SIGNED_OUT: [RouteId, Text][] = [
  ['login', { ja: 'ログイン', en: 'Log in' }],
  ['signup', { ja: '新規会員登録', en: 'Sign up' }],
];
const SIGNED_IN: [RouteId, Text][] = [
  ['profile', { ja: '会員情報', en: 'Profile' }],
  ['plan', { ja: 'ご契約中のプラン', en: 'My plans' }],
  ['orderHistory', { ja: '注文履歴', en: 'Order history' }],
];

/** Spec §2: the slide-out menu; it closes on any link click. */
export function Menu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const signedIn = Boolean(root?.user);
  const t = useT();
  const links = [...ALWAYS, ...(signedIn ? SIGNED_IN : SIGNED_OUT)];
  return (
    <nav id="site-menu" className="menu" data-open={open} aria-label={t({ ja: 'メニュー', en: 'Menu' })} hidden={!open}>
      <ul>
        {links.map(([id, label]) => (
          <li key={id}>
            <Link to={href(id as 'lineup')} onClick={onClose}>{t(label)}</Link>
          </li>
        ))}
        {signedIn ? (
          <li>
            <LogoutButton onDone={onClose} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Spec §4: logout calls the server, refreshes login status, closes the menu and goes to /. */
function LogoutButton({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const t = useT();
  async function logout() {
    const result = await apiFrom(undefined).logout();
    if (!result.ok) {
      window.alert(t({ ja: result.error.message, en: result.error.messageEn }));
      return;
    }
    await revalidator.revalidate();
    onDone();
    await navigate(href('home'));
  }
  return (
    <button type="button" className="menu-logout" onClick={logout}>
      {t({ ja: 'ログアウト', en: 'Log out' })}
    </button>
  );
}
