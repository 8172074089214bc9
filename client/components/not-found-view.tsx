import { Link } from 'react-router';
import { href } from '../../shared/routes.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';

/** The 404 page body, shared by unknown paths and unknown artists/news. */
export function NotFoundView() {
  const t = useT();
  const { brandName } = useConfig();
  return (
    <section className="page notice-page">
      <title>{`${t({ ja: 'ページが見つかりません', en: 'Page not found' })} | ${brandName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="notice-code" aria-hidden="true">404</p>
      <h1>{t({ ja: 'ページが見つかりません', en: 'Page not found' })}</h1>
      <p>
        {t({
          ja: 'お探しのページは移動または削除された可能性があります。',
          en: 'The page you are looking for may have moved or been removed.',
        })}
      </p>
      <p>
        <Link className="button" to={href('lineup')}>{t({ ja: 'ラインナップを見る', en: 'See the lineup' })}</Link>{' '}
        <Link className="button button-ghost" to={href('home')}>{t({ ja: 'トップページへ', en: 'Back to top' })}</Link>
      </p>
    </section>
  );
}
