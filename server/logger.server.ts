import { pino, type DestinationStream, type Logger } from 'pino';
import { LOG_REDACT_CENSOR, LOG_REDACT_PATHS } from '../shared/log-redact.ts';
import { withLogFormat, type LogFormat } from './log-format.server.ts';

/**
 * Structured JSON logs; secrets are redacted wherever they might appear (shared/log-redact.ts).
 * Tests pass a destination to read what would have been written.
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options = { name, level, redact: { paths: [...LOG_REDACT_PATHS], censor: LOG_REDACT_CENSOR } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The stdout of a process's loggers. Until `started()`, every line is written synchronously, so a
 * start-up failure printed afterwards is the last line on screen; pino's default (asynchronous)
 * wrote an earlier "listening" line after it, and `flush()` does not wait for a write under way.
 * Once started, lines go out asynchronously, as pino's default (cheaper under load). `format`:
 * JSON, or short lines for a terminal (log-format.server.ts).
 */
export function createProcessLogs(format: LogFormat): { destination: DestinationStream; started(): void } {
  const startup = pino.destination({ dest: 1, sync: true });
  let running: DestinationStream | null = null;
  return {
    destination: withLogFormat(format, { write: (line: string) => (running ?? startup).write(line) }),
    started() {
      running = pino.destination({ dest: 1, sync: false });
    },
  };
}
