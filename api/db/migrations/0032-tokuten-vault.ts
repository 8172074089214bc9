/**
 * Issue 33, the 特典 vault (docs/decisions/0090-tokuten-vault.md):
 * - `bonuses`: a round's 特典 (plan_order_id) or an artist's milestone 特典 (artist_id, milestone):
 *   a file kept here, private (no route serves this table but the signed download), or a code list;
 * - `bonus_unlocks`: a fan's box (history_id) or milestone whose 特典 have opened, once each;
 * - `bonus_codes`: a list's codes, each given to one unlock at most (the partial unique index is
 *   what makes two passes or two API copies unable to give one code twice, or one box two codes);
 * - `bonus_downloads`: a counter per fan and item;
 * - `vault_keys`: the HMAC key of the download links, made once by the first API copy that needs it.
 */
export const name = 'tokuten-vault';

export const up = `
create table bonuses (
  id serial primary key,
  plan_order_id integer references plan_orders (id) on delete cascade,
  artist_id integer references artists (id) on delete cascade,
  milestone integer check (milestone between 1 and 240),
  kind text not null check (kind in ('image','audio','pdf','codes')),
  name text not null check (char_length(name) between 1 and 100),
  content_type text,
  body bytea,
  bytes integer not null default 0,
  created_by integer references staff (id) on delete set null,
  created_at timestamptz not null,
  check ((plan_order_id is not null and artist_id is null and milestone is null)
    or (plan_order_id is null and artist_id is not null and milestone is not null)),
  check ((kind = 'codes') = (body is null))
);
create index bonuses_round on bonuses (plan_order_id) where plan_order_id is not null;
create index bonuses_milestone on bonuses (artist_id, milestone) where artist_id is not null;

create table bonus_unlocks (
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  history_id integer references plan_order_histories (id) on delete cascade,
  artist_id integer references artists (id) on delete cascade,
  milestone integer,
  unlocked_at timestamptz not null,
  check ((history_id is not null and milestone is null) or (history_id is null and artist_id is not null and milestone is not null))
);
create unique index bonus_unlocks_box on bonus_unlocks (history_id) where history_id is not null;
create unique index bonus_unlocks_milestone on bonus_unlocks (user_id, artist_id, milestone) where milestone is not null;
create index bonus_unlocks_user on bonus_unlocks (user_id);
create index bonus_unlocks_time on bonus_unlocks (unlocked_at);

create table bonus_codes (
  id serial primary key,
  bonus_id integer not null references bonuses (id) on delete cascade,
  code text not null check (char_length(code) between 1 and 64),
  unlock_id integer references bonus_unlocks (id) on delete cascade,
  assigned_at timestamptz,
  unique (bonus_id, code)
);
create unique index bonus_codes_one_per_unlock on bonus_codes (bonus_id, unlock_id) where unlock_id is not null;
create index bonus_codes_free on bonus_codes (bonus_id, id) where unlock_id is null;

create table bonus_downloads (
  user_id integer not null references users (id) on delete cascade,
  bonus_id integer not null references bonuses (id) on delete cascade,
  count integer not null default 0,
  last_at timestamptz not null,
  primary key (user_id, bonus_id)
);
create index bonus_downloads_time on bonus_downloads (last_at);

create table vault_keys (
  id integer primary key check (id = 1),
  secret bytea not null check (octet_length(secret) = 32)
);

alter table billing_mails drop constraint billing_mails_kind_check;
alter table billing_mails add constraint billing_mails_kind_check check (kind in ('reminder','charged','failed','shipped','price','bonus'));
`;
