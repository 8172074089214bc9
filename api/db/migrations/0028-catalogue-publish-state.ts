/**
 * Issue 32, a catalogue without surprises: artists, plans, banners and news carry a publish state
 * (docs/decisions/0081-drafts-and-publishing.md). An item is public at an instant when its state
 * is 'published' and its `publish_at` is empty or has passed (shared/publish-state.ts, the one
 * rule; api/db/public-at.ts, its SQL). 'archived' (artists, plans, banners) is hidden from the
 * shop and from the console's lists by default, and kept for the orders and subscriptions that
 * name it.
 *
 * Every row that exists is published: nothing public today disappears. The default stays
 * 'published' for what the ops import, the demo seed and hand-run SQL write (a catalogue file is
 * a deliberate publication, as before); the console writes 'draft' for what it creates.
 *
 * News had `open_flag` (shown or not) for the same purpose: it becomes the state (an item not
 * open is a draft) and the flag is dropped, so there is one truth. The published list's index
 * follows.
 */
export const name = 'catalogue-publish-state';

const states = (table: string, values: string) => `
alter table ${table} add column publish_state text not null default 'published';
alter table ${table} add constraint ${table}_publish_state check (publish_state in (${values}));
alter table ${table} add column publish_at timestamptz;
`;

export const up = `
${states('artists', `'draft', 'published', 'archived'`)}
${states('plans', `'draft', 'published', 'archived'`)}
${states('banners', `'draft', 'published', 'archived'`)}
${states('news', `'draft', 'published'`)}
update news set publish_state = 'draft' where not open_flag;
drop index news_open_published;
alter table news drop column open_flag;
create index news_published on news (published_at desc, id desc) where publish_state = 'published';
`;
