import { createHash } from 'node:crypto';
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import type { PublicConfig } from '../../shared/config.ts';

/**
 * The route errors as React Router's own StaticRouterProvider writes them: the browser's router
 * revives them from the `__type` markers.
 */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[routeId] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) out[routeId] = { message: 'Unexpected Server Error', __type: 'Error' };
    else out[routeId] = error;
  }
  return out;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe inside a <script> element, in one pass: no string can close the tag or open
 * a comment, and the line separators that break older parsers are escaped.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/** The id of the page's data block: a `<script type="application/json">`, which never runs. */
export const PAGE_DATA_ID = 'oshibox-data';

/**
 * What the page hands to the browser, as JSON for a non-executing `<script type="application/json">`
 * (docs/decisions/0041-page-cache-and-hashed-loader.md): the router's hydration data (`h`), the
 * public configuration (`c`), the entry module (`e`) and the chunks to preload with it (`p`). It
 * holds no script, so the same bytes are safe for every visitor under the same CSP.
 */
export function pageDataJson(context: StaticHandlerContext, config: PublicConfig, entryModule: string, preloads: readonly string[]): string {
  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return toScriptJson({ h: hydration, c: config, e: entryModule, p: preloads });
}

/**
 * The one inline script of every page, the same bytes on every page (its hash is in the CSP,
 * server/security.server.ts): it reads the page's data block, hands the router its hydration data
 * (React Router reads `window.__staticRouterHydrationData` in `createBrowserRouter`) and starts the
 * page's JavaScript once the browser has painted the server's HTML (issue 11): the page is whole and
 * usable without it (forms post, links navigate), so the stylesheet and the largest image get a slow
 * line to themselves, and hydration's work never delays the first paint. The chunks are preloaded
 * together with the entry (no waterfall). A tab opened in the background, which paints no frame,
 * starts after a second anyway.
 */
export const LOADER_SCRIPT =
  `(function(){var j=JSON.parse(document.getElementById(${JSON.stringify(PAGE_DATA_ID)}).textContent),d=0;` +
  'window.__staticRouterHydrationData=j.h;window.__OSHIBOX_CONFIG__=j.c;' +
  'function go(){if(d)return;d=1;j.p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});import(j.e)}' +
  'requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})();';

/** The loader's CSP source (`'sha256-…'`): the only inline script a page may run. */
export const LOADER_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LOADER_SCRIPT).digest('base64')}'`;
