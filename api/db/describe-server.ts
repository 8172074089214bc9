/** A PostgreSQL address as people name it, `host:port/database`, never with the password. */
export function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the configured address';
  }
}
