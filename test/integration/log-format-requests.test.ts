import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLogger } from '../../api/http/request-logger.ts';
import { withLogFormat } from '../../server/log-format.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { accessLogger, requestLog } from '../../server/request-log.server.ts';

/**
 * Each tier's access line in the terminal's format (server/log-format.server.ts): one short line
 * per request instead of pino-http's 1.5 KB of headers (issue 29). test/unit/log-format.test.ts
 * has the rest of the format.
 */
function memoryLogger(name: string) {
  const lines: string[] = [];
  const logger = createLogger('info', name, withLogFormat('pretty', { write: (line: string) => void lines.push(line) }));
  return { lines, logger };
}

describe('the pretty access line', () => {
  it('is one short line per API request: method, path, status, time, the query\'s secrets redacted', async () => {
    const { lines, logger } = memoryLogger('api');
    const app = express();
    app.use(requestLogger(app, logger)).get('/api/banner', (_req, res) => void res.json({ ok: true }));
    await request(app).get('/api/banner?token=tok-SECRET&page=2').set('Cookie', 'oshibox_session=cookie-SECRET').expect(200);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]?.slice(9)).toMatch(/^INFO {2}api: GET \/api\/banner\?token=\[redacted\]&page=2 200 \d+ ms\n$/);
  });

  it('is one short line per page request, saying when the answer was cut off', async () => {
    const { lines, logger } = memoryLogger('web');
    const app = express();
    app.use(requestLog(app, logger)).get('/lineup', (_req, res) => void res.status(404).end());
    await request(app).get('/lineup?q=x').expect(404);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]?.slice(9)).toMatch(/^INFO {2}web: GET \/lineup 404 \d+ ms\n$/);
    accessLogger(logger).warn({ req: { method: 'GET', url: '/' }, res: { statusCode: 200 }, responseTime: 5 }, 'request aborted');
    expect(lines[1]?.slice(9)).toBe('WARN  web: GET / 200 5 ms (request aborted)\n');
  });
});
