import { Link } from 'react-router';
import { parseCatalogueLink } from '../../shared/catalogue-link.ts';
import { useT } from '../lang.tsx';

/**
 * The page a news item announces. The API serves only safe links; the page checks again with the
 * same rule (a site path through the router, an https address as a plain link), so nothing but
 * those two ever becomes an href.
 */
export function NewsLink({ link }: { link: string | null }) {
  const t = useT();
  const target = parseCatalogueLink(link);
  if (!target) return null;
  const label = t({ ja: '詳しくはこちら', en: 'See the page' });
  return (
    <p className="news-detail-link">
      {target.kind === 'site' ? (
        <Link className="button button-primary" to={target.path}>{label}</Link>
      ) : (
        <a className="button button-primary" href={target.url} rel="noopener noreferrer">{label}</a>
      )}
    </p>
  );
}
