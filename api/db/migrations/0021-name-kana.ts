/**
 * Issue 32, customers as support sees them: フリガナ, asked at sign-up and in the profile (optional,
 * katakana; shared/kana.ts), shown to support, searched by any part (like the name, migration 0019)
 * and carried to the carrier files' kana columns.
 */
export const name = 'name-kana';

export const up = `
alter table users add column name_kana text not null default '' check (char_length(name_kana) <= 100);
create index users_name_kana_trgm on users using gin (translate(name_kana, ' \u3000', '') gin_trgm_ops);
`;
