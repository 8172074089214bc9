import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from './db/schema.ts';

/** What every router gets: the database, a logger and a clock (tests may fix the time). */
export interface ApiContext {
  db: Kysely<DB>;
  logger: Logger;
  now: () => Date;
}
