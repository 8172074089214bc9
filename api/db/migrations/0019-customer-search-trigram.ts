/**
 * Issue 32, customers as support sees them (docs/decisions/0075-customer-search-substring.md): the
 * console's search finds a customer by any part of the name, the e-mail or the phone number, not
 * only a prefix. pg_trgm's GIN indexes serve `like '%…%'` (PGlite ships the same extension,
 * loaded by api/db/pglite-extensions.ts).
 */
export const name = 'customer-search-trigram';

export const up = `
create extension if not exists pg_trgm;
create index users_name_trgm on users using gin (lower(translate(name, ' \u3000', '')) gin_trgm_ops);
create index users_email_trgm on users using gin (lower(email) gin_trgm_ops);
create index users_tel_trgm on users using gin (tel gin_trgm_ops);
`;
