import { pino, type DestinationStream, type Logger } from 'pino';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS } from '../shared/log-redact.ts';

/**
 * Structured JSON logs; secrets are redacted wherever they might appear (shared/log-redact.ts).
 * Tests pass a destination to read what would have been written.
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR } };
  return destination ? pino(options, destination) : pino(options);
}
