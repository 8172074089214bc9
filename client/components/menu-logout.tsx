import { useNavigate, useRevalidator } from 'react-router';
import { href } from '../../shared/routes.ts';
import { apiFrom } from '../data/api.ts';
import { useT } from '../lang.tsx';

/** Spec §4: logout calls the server, refreshes login status, closes the menu and goes to /. */
export function MenuLogout({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const t = useT();
  async function logout(): Promise<void> {
    const result = await apiFrom(undefined).logout();
    if (!result.ok) {
      // Spec §7: on error the error data is shown.
      window.alert(t({ ja: result.error.message, en: result.error.messageEn }));
      return;
    }
    await revalidator.revalidate();
    onDone();
    await navigate(href('home'));
  }
  return (
    <button type="button" className="menu-link menu-logout" onClick={() => void logout()}>
      {t({ ja: 'ログアウト', en: 'Log out' })}
    </button>
  );
}
