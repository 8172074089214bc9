import { pino } from 'pino';

/**
 * What the in-process database-fault tests share: a logger that keeps its lines, a wait with a
 * deadline, and a record of uncaught exceptions (an 'error' event nobody listens to is one).
 */
export interface LoggedLine {
  msg: string;
  code?: string;
  message?: string;
  inUse?: boolean;
}

/** A logger that keeps its lines, to check what was logged (and that no secret was). */
export function memoryLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  const parsed = (msg: string): LoggedLine[] =>
    lines.map((line): LoggedLine => JSON.parse(line)).filter((line) => line.msg === msg);
  return { logger, lines, parsed };
}

export async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Uncaught exceptions while it runs. An 'error' event without a listener throws from the socket
 * callback that emitted it: in a server that ends the process; here the test sees it and fails.
 */
export function catchUncaught() {
  const errors: string[] = [];
  const record = (error: Error): void => void errors.push(error.message);
  process.on('uncaughtException', record);
  return { errors, stop: () => void process.off('uncaughtException', record) };
}
