import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's share of the process's memory (decision 0095). PGlite runs PostgreSQL in
 * WebAssembly linear memory, which grows and is never given back, and PostgreSQL allocates its
 * shared buffers there at start and touches every page of them: initdb's 128MB meant 148 MiB of
 * RSS before the first query. The data files sit on the OS page cache anyway (PGlite reads them
 * with fs), so a small buffer pool costs a read from memory on a miss, not a disk read.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters (single-user mode, no workers), then ours. */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
