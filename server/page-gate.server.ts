import type { RequestHandler } from 'express';
import { matchRoutes, type RouteObject } from 'react-router';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { isCrossSiteRequest } from '../shared/csrf.ts';
import { createRouteTree } from '../client/route-tree.ts';
import { sendSmallError } from './small-error.server.ts';

const READ_METHODS = ['GET', 'HEAD'];

const METHOD_NOT_ALLOWED: ApiErrorBody = {
  code: 'METHOD_NOT_ALLOWED',
  message: 'このページはこの方法では利用できません。',
  messageEn: 'This page does not support this request method.',
};
const CROSS_SITE: ApiErrorBody = {
  code: 'FORBIDDEN',
  message: '他のサイトからの送信は受け付けられません。ページを開き直して再度お試しください。',
  messageEn: 'Forms sent from another site are refused. Reload the page and try again.',
};

/**
 * The route a POST to this URL runs the action of, as React Router picks it (`getTargetMatch`):
 * an index route only with a bare `?index`, else the deepest route that has a path of its own.
 */
function targetRoute(routes: RouteObject[], pathname: string, search: URLSearchParams): RouteObject | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1);
  if (last?.route.index && search.getAll('index').includes('')) return last.route;
  return matches.filter((match, i) => i === 0 || Boolean(match.route.path)).at(-1)?.route;
}

/** True when the route a POST would reach has an action (a form the page posts). */
async function hasAction(routes: RouteObject[], pathname: string, search: URLSearchParams): Promise<boolean> {
  const route = targetRoute(routes, pathname, search);
  if (!route) return false;
  if (route.action) return true;
  if (typeof route.lazy !== 'function') return false;
  const module: { action?: unknown } = await route.lazy();
  return typeof module.action === 'function';
}

/**
 * The methods a page answers: GET and HEAD, and POST where its route has an action (a form that
 * works without JavaScript). Anything else is a 405 with `Allow`, before React Router (whose
 * Fetch `Request` throws on TRACE or CONNECT) sees it. A POST must come from the shop's own
 * pages (shared/csrf.ts), else 403.
 */
export function pageGate(options: { publicOrigin: string; routeTree?: () => RouteObject[] }): RequestHandler {
  // A tree of our own: loading a lazy module here leaves the SSR handler's routes untouched.
  const routes = (options.routeTree ?? createRouteTree)();
  const allowedOrigins = [new URL(options.publicOrigin).origin];
  const gate = async (...[req, res, next]: Parameters<RequestHandler>): Promise<void> => {
    const search = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const allow = (await hasAction(routes, req.path, search)) ? [...READ_METHODS, 'POST'] : READ_METHODS;
    if (!allow.includes(req.method)) {
      res.set('allow', allow.join(', '));
      sendSmallError(req, res, 405, METHOD_NOT_ALLOWED);
      return;
    }
    const origin = req.get('origin');
    const secFetchSite = req.get('sec-fetch-site');
    if (isCrossSiteRequest({ method: req.method, origin, secFetchSite, allowedOrigins })) {
      sendSmallError(req, res, 403, CROSS_SITE);
      return;
    }
    next();
  };
  // A page read passes at once, without the promise an async handler makes (issue 11).
  return (req, res, next) => (READ_METHODS.includes(req.method) ? next() : gate(req, res, next));
}
