import type { DestinationStream } from 'pino';

/**
 * Logs a person reads in a terminal (issue 29: a local demo printed raw JSON warnings and a 1.5 KB
 * JSON line per API request). LOG_FORMAT=auto (the default) writes short lines when stdout is a
 * terminal and JSON otherwise (a file, a pipe, a log collector). The short line is made from pino's
 * JSON line, after redaction (shared/log-redact.ts), so it never shows more than the JSON would;
 * a request line shows only method, path, status and time. Not pino-pretty: one dependency less
 * for about forty lines.
 */
export type LogFormat = 'json' | 'pretty';

export function logFormatOf(setting: 'auto' | LogFormat, isTerminal: boolean): LogFormat {
  if (setting !== 'auto') return setting;
  return isTerminal ? 'pretty' : 'json';
}

/** The destination for `format`: `out` itself for JSON, else one short line per JSON line. */
export function withLogFormat(format: LogFormat, out: DestinationStream): DestinationStream {
  if (format === 'json') return out;
  return { write: (line: string) => out.write(`${formatLogLine(line)}\n`) };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and the request id (long; the JSON keeps it). */
const SHOWN_ELSEWHERE = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);
const MAX_VALUE = 120;

interface LogEntry {
  level?: number;
  time?: number;
  name?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

/** `12:04:05 INFO  api: GET /api/banner 200 3 ms`, or `… WARN  process: message key=value`. */
export function formatLogLine(json: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(json) as LogEntry;
  } catch {
    return json.trimEnd();
  }
  const head = `${clock(entry.time)} ${(LEVELS[entry.level ?? 30] ?? 'LOG').padEnd(5)} ${entry.name ?? '-'}:`;
  const isRequest = entry.req?.method !== undefined && entry.res?.statusCode !== undefined;
  const body = isRequest ? requestText(entry) : entry.msg ?? '';
  // A start-up warning's `setting` already opens its message.
  const repeated = (value: unknown) => typeof value === 'string' && body.startsWith(`${value} `);
  const fields = Object.entries(entry).filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && !repeated(value)).map(([key, value]) => ` ${key}=${shown(value)}`);
  const error = entry.err?.message ? ` error=${shown(entry.err.message)}` : '';
  // A failure's stack is the one thing worth more than a line.
  const stack = (entry.level ?? 0) >= 50 && entry.err?.stack ? `\n${entry.err.stack.split('\n').slice(1).join('\n')}` : '';
  return `${head} ${body}${fields.join('')}${error}${stack}`;
}

function requestText(entry: LogEntry): string {
  const outcome = entry.msg && entry.msg !== 'request completed' ? ` (${entry.msg})` : '';
  return `${entry.req?.method} ${entry.req?.url} ${entry.res?.statusCode} ${entry.responseTime ?? '?'} ms${outcome}`;
}

function clock(time: number | undefined): string {
  const at = new Date(time ?? Date.now());
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function shown(value: unknown): string {
  const text = typeof value === 'string' && /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}
