import { href } from '../../shared/routes.ts';
import type { LighthousePage } from './lighthouse-audit.ts';
import { KNOWN_ARTIST } from './shop-database.ts';
import type { ShopSetup } from './shop-setup.ts';

/** Issue 11's pages; checkout and my plans as the signed-in shopper. */
export function lighthousePages(setup: ShopSetup): LighthousePage[] {
  return [
    { name: 'top', path: href('home') },
    { name: 'lineup', path: href('lineup') },
    { name: 'artist page', path: href('artist', { slug: KNOWN_ARTIST }) },
    { name: 'checkout (signed in)', path: href('checkout', { slug: KNOWN_ARTIST, planId: String(setup.planId) }), cookie: setup.cookie },
    { name: 'my plans (signed in)', path: href('plan'), cookie: setup.cookie },
  ];
}
