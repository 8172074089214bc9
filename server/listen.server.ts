import net, { type Server } from 'node:net';
import { StartupError } from '../shared/startup-error.ts';

/**
 * Listens and resolves once the port is really ours. A port in use or forbidden becomes a
 * StartupError naming the setting, so the operator reads one line instead of a stack trace and
 * the process never claims to listen when it does not.
 */
export function listenOn(server: Server, port: number, host: string, setting: string, orElse?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(new StartupError(describeListenError(error, port, host, setting, orElse), { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Each port is free now: listened on and closed at once, before the database is opened (issue 29:
 * a taken port was reported only after a new data folder was created, migrated and seeded). The
 * failure reads as listenOn's; a port taken between this check and the real listen still is.
 */
export async function checkPortsFree(ports: { setting: string; port: number; orElse?: string }[], host: string): Promise<void> {
  for (const { setting, port, orElse } of ports) {
    if (port === 0) continue;
    const probe = net.createServer();
    await listenOn(probe, port, host, setting, orElse);
    await new Promise((resolve) => probe.close(resolve));
  }
}

/** `orElse` is a second way out the operator has, e.g. "or to 0 to turn metrics off". */
function describeListenError(error: NodeJS.ErrnoException, port: number, host: string, setting: string, orElse?: string): string {
  const alternative = orElse ? `, ${orElse}` : '';
  switch (error.code) {
    case 'EADDRINUSE':
      return `${setting} ${port} is already in use (EADDRINUSE): set ${setting} to a free port${alternative}`;
    case 'EACCES':
      return `${setting} ${port} needs privileges on this machine (EACCES): set ${setting} to a port above 1023${alternative}`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine (EADDRNOTAVAIL): set HOST to 127.0.0.1 or 0.0.0.0`;
    default:
      return `cannot listen on ${host}:${port} for ${setting} (${error.code ?? error.message})`;
  }
}
