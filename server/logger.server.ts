import { pino, type Logger } from 'pino';

/** Structured JSON logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.code',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
