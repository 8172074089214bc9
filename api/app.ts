import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { artistRouter } from './artist/artist.router.ts';
import { bannerRouter } from './banner/banner.router.ts';
import type { ApiContext } from './context.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { requestId } from '../shared/request-id.ts';
import { loginRouter } from './login/login.router.ts';
import { mediaRouter } from './media/media.router.ts';
import { newsRouter } from './news/news.router.ts';
import { planRouter } from './plan/plan.router.ts';

/** The shop API ("upstream API origin"). Built here; only main.ts listens. */
export function createApiApp(ctx: ApiContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.use(pinoHttp({ logger: ctx.logger, genReqId: (req, res) => requestId(req, res), redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] }));
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  app.use(cookieParser());
  app.use(express.json({ limit: '32kb' }));

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  // Data differs per shopper and changes with stock: nothing is cached unless a route says so.
  app.use('/api', (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });
  app.use('/api/artist', artistRouter(ctx));
  app.use('/api/banner', bannerRouter(ctx));
  app.use('/api/news', newsRouter(ctx));
  app.use('/api/plan', planRouter(ctx));
  app.use('/api/login', loginRouter(ctx));
  app.use('/api/media', mediaRouter(ctx));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
