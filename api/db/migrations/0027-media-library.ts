/**
 * Issue 32, the console's media library (docs/decisions/0082-media-library.md): the name of the
 * file an operator uploaded, so the library lists "cover-2027.png" beside its hash-named path.
 * Pictures stored before this (the seed's, earlier uploads) keep an empty name and show their path.
 */
export const name = 'media-library';

export const up = `
alter table media add column name text not null default '' check (char_length(name) <= 200);
create index media_updated on media (updated_at desc, path);
`;
