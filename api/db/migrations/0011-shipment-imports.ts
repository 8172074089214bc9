/**
 * Issue 19: a shipment file staged by the console between its preview and its confirm
 * (docs/decisions/0031-console-shipment-imports.md). The id is random (the page's address), the
 * file is bounded (the import's own limit), it expires, and `applied_at` makes a second confirm a
 * no-op; the report of the one that applied stays beside it.
 */
export const name = 'shipment-imports';

export const up = `
create table shipment_imports (
  id text primary key,
  staff_id integer not null references staff (id),
  mode text not null check (mode in ('shipped','delivered')),
  early boolean not null default false,
  filename text not null default '',
  file text not null check (octet_length(file) <= 2000000),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  applied_at timestamptz,
  report jsonb
);
create index shipment_imports_expires on shipment_imports (expires_at);
`;
