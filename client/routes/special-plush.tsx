import type { LoaderFunctionArgs } from 'react-router';
import { useLocation } from 'react-router';
import { ROUTES } from '../../shared/routes.ts';
import { loadSpecialProduct, SpecialProductPage, type SpecialCopy } from '../components/special-product.tsx';
import { COGIMYUN_COPY } from '../content/plush-cogimyun.ts';
import { DARUMA_COPY } from '../content/plush-daruma.ts';

/**
 * The OshiBox original plush pages: one page, a data set each. The fixed route's path names the
 * page; its last segment is the artist's slug, so no path is written twice (shared/routes.ts).
 */
const PLUSH_PAGES: Record<string, SpecialCopy> = {
  [ROUTES.cogimyun.path]: COGIMYUN_COPY,
  [ROUTES.daruma.path]: DARUMA_COPY,
};

/** The router also matches the path with a trailing slash. */
function routePath(pathname: string): string {
  return pathname.replace(/\/+$/, '');
}

export function loader({ context, request }: LoaderFunctionArgs) {
  return loadSpecialProduct(context, routePath(new URL(request.url).pathname).split('/').at(-1) ?? '');
}

export function Component() {
  const { pathname } = useLocation();
  const copy = PLUSH_PAGES[routePath(pathname)];
  if (!copy) throw new Error(`No plush page at ${pathname}`);
  return <SpecialProductPage copy={copy} />;
}
