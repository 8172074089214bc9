import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create, loaded into every embedded database (a new one,
 * the template, one unpacked from it): PGlite ships them as contrib modules.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
