import { Link } from 'react-router';
import { href } from '../../shared/routes.ts';
import { useT } from '../lang.tsx';

/** Member pages whose screens are still being built: reachable only when signed in. */
export function Component() {
  const t = useT();
  return (
    <section className="page notice-page">
      <title>{t({ ja: '準備中', en: 'Coming soon' })}</title>
      <h1>{t({ ja: 'このページは準備中です', en: 'This page is coming soon' })}</h1>
      <p><Link to={href('home')}>{t({ ja: 'トップページへ', en: 'Back to top' })}</Link></p>
    </section>
  );
}
