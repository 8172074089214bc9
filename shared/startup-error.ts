/**
 * A start-up failure the operator can fix (a port in use, an unreachable database): main.ts prints
 * its message as one line naming the setting and exits non-zero, without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
