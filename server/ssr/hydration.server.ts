import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import type { PublicConfig } from '../../shared/config.ts';

/**
 * The script that hands the server's data to the browser. React Router reads
 * `window.__staticRouterHydrationData` in `createBrowserRouter` (and revives errors from the
 * `__type` markers, as its own StaticRouterProvider writes them).
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
 * JSON that is safe inside an inline <script>, in one pass: no string can close the tag or open
 * a comment, and the line separators that break older parsers are escaped.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c] ?? c);
}

export function hydrationScript(context: StaticHandlerContext, config: PublicConfig): string {
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  return `window.__staticRouterHydrationData=${toScriptJson(data)};window.__OSHIBOX_CONFIG__=${toScriptJson(config)};`;
}

/**
 * Starts the page's JavaScript once the browser has painted the server's HTML (issue 11): the
 * page is whole and usable without it (forms post, links navigate), so the stylesheet and the
 * largest image get a slow line to themselves, and hydration's work never delays the first
 * paint. The chunks are preloaded together with the entry (no waterfall). A tab opened in the
 * background, which paints no frame, starts after a second anyway.
 */
export function scriptLoader(entryModule: string, preloads: readonly string[]): string {
  return (
    `(function(){var p=${toScriptJson(preloads)},e=${toScriptJson(entryModule)},d=0;` +
    `function go(){if(d)return;d=1;p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});import(e)}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})();`
  );
}
