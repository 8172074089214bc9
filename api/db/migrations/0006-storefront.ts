/**
 * Issue 10, storefront second pass: what each tier contains, the operator's optional English for
 * catalogue text, banner subtitles, and a link on news. A news link is a site path or an https
 * address (shared/catalogue-link.ts); the check here keeps even a hand-written row from carrying
 * `javascript:` or a protocol-relative `//host` into a page.
 */
export const name = 'storefront';

export const up = `
alter table artists add column description_en text;

alter table plans add column name_en text;
alter table plans add column attention_en text;
alter table plans add column contents jsonb;

alter table banners add column subtitle text not null default '';
alter table banners add column title_en text;
alter table banners add column subtitle_en text;

alter table news add column title_en text;
alter table news add column message_en text;
alter table news add column link text not null default ''
  check (
    link = ''
    or (
      char_length(link) <= 500
      and link !~ '[[:space:][:cntrl:]\\\\]'
      and (link ~ '^/([^/]|$)' or link ~ '^https://[^/@]+(/|$)')
    )
  );

create index plan_orders_plan_ship on plan_orders (plan_id, ship_date desc);
`;
