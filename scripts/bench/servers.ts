/**
 * Child process of the benchmark (forked by run.ts): the shop (API + web, test/support/stack.ts)
 * and the reference renderer, side by side in one process, so the load generator in the parent
 * does not share their event loop. Talks to the parent over IPC (see protocol.ts).
 */
import { startStack } from '../../test/support/stack.ts';
import type { ChildMessage, ParentMessage } from './protocol.ts';
import { startReferenceServer } from './reference-server.tsx';

function send(message: ChildMessage): void {
  process.send?.(message);
}

const SHUTDOWN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  if (!process.send) throw new Error('servers.ts must be forked with an IPC channel (run scripts/bench/run.ts)');
  const stack = await startStack();
  const reference = await startReferenceServer(stack.apiUrl);
  let closing = false;

  async function shutdown(code: number): Promise<void> {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(code === 0 ? 3 : code), SHUTDOWN_LIMIT_MS).unref();
    await Promise.all([reference.close(), stack.close()]);
    if (process.connected) send({ type: 'closed' });
    process.exit(code);
  }

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'close') void shutdown(0);
  });
  // The parent died or dropped the channel: do not linger as an orphan holding ports.
  process.on('disconnect', () => void shutdown(1));
  send({ type: 'ready', webUrl: stack.webUrl, apiUrl: stack.apiUrl, referenceUrl: reference.url });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
