import type { Server } from 'node:net';
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
