import { PATHS } from './scenarios.ts';
import type { SoakRequest } from './rss-soak.ts';
import type { ShopSetup } from './shop-setup.ts';

/** What the RSS soak asks for, in turn: pages (one signed in), the API proxy, a trivial route. */
export function soakMix(setup: ShopSetup): SoakRequest[] {
  return [
    { path: '/' },
    { path: PATHS.lineup },
    { path: PATHS.artist },
    { path: PATHS.mypage, headers: { cookie: setup.cookie } },
    { path: PATHS.api },
    { path: PATHS.trivial },
  ];
}
