import type { Express, RequestHandler } from 'express';
import { MethodNotAllowedError } from './errors.ts';

/**
 * Answers 405 with `Allow` when a path exists for other methods (RFC 9110 §15.5.6), instead of a
 * misleading 404. Express has no such answer of its own, so this walks the app's route table once
 * per request that found no route: every router mounted now or later is covered without listing
 * its methods twice. Relies on the shape of the `router` package (2.x) layers, checked at run time.
 */
interface LayerShape {
  match(path: string): { path: string } | false;
  route?: { methods: Record<string, boolean> };
  handle: unknown;
}

function hasStack(value: unknown): value is { stack: LayerShape[] } {
  return (typeof value === 'function' || typeof value === 'object') && value !== null && 'stack' in value && Array.isArray(value.stack);
}

function collectMethods(stack: LayerShape[], path: string, into: Set<string>): void {
  for (const layer of stack) {
    let match: { path: string } | false;
    try {
      match = layer.match(path);
    } catch {
      continue; // a path that does not decode matches nothing
    }
    if (!match) continue;
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) if (method !== '_all') into.add(method.toUpperCase());
    } else if (hasStack(layer.handle)) {
      collectMethods(layer.handle.stack, path.slice(match.path.length) || '/', into);
    }
  }
}

export function methodNotAllowed(app: Express): RequestHandler {
  return (req, _res, next) => {
    const router: unknown = app.router;
    if (!hasStack(router)) return next();
    const allow = new Set<string>();
    collectMethods(router.stack, req.path, allow);
    if (allow.size === 0 || allow.has(req.method)) return next();
    if (allow.has('GET')) allow.add('HEAD');
    allow.add('OPTIONS');
    next(new MethodNotAllowedError(req.method, [...allow].sort()));
  };
}
