import type { Insertable } from 'kysely';
import type {
  CatalogueArtistFields, CatalogueBanner, CatalogueGoods, CatalogueNews, CataloguePlan, CataloguePlanFields, CatalogueRound,
} from '../../shared/catalogue-import-schema.ts';
import type {
  ArtistsTable, BannersTable, NewsTable, OrderGoodsTable, PlanOrdersTable, PlansTable,
} from '../db/schema.ts';

/** The columns each entity of a catalogue file writes, and how a stored row is compared with them. */

export function artistValues(a: CatalogueArtistFields): Insertable<ArtistsTable> {
  return {
    slug: a.slug,
    name: a.name,
    sub_name: a.subName,
    description: a.description,
    description_en: a.descriptionEn,
    type: a.type,
    icon: a.icon,
    cover_image: a.coverImage,
    attribute: JSON.stringify({ links: a.links }),
    copyright: a.copyright,
    background_color: a.backgroundColor,
    sort: a.sort,
    is_close: a.isClose,
  };
}

export function planValues(artistId: number, p: CataloguePlanFields): Insertable<PlansTable> {
  return {
    artist_id: artistId,
    name: p.name,
    name_en: p.nameEn,
    attention: p.attention,
    attention_en: p.attentionEn,
    period: p.period,
    price: p.price,
    pre_tax_price: p.preTaxPrice,
    sort: p.sort,
    display_type: p.displayType,
    contents: p.contents === null ? null : JSON.stringify(p.contents),
  };
}

/** A round without prices of its own costs what its plan costs (as every demo round does). */
export function roundValues(planId: number, plan: CataloguePlan, r: CatalogueRound): Insertable<PlanOrdersTable> {
  return {
    plan_id: planId,
    name: r.name,
    price: r.price ?? plan.price,
    pre_tax_price: r.preTaxPrice ?? plan.preTaxPrice,
    start_date: r.startDate,
    end_date: r.endDate,
    ship_date: r.shipDate,
  };
}

export function goodsValues(roundId: number, g: CatalogueGoods, index: number): Insertable<OrderGoodsTable> {
  return { plan_order_id: roundId, name: g.name, description: g.description, image: g.image, sort: g.sort ?? index + 1 };
}

/** `dated`: the date of a news item given none (now, or the date it already has). */
export function newsValues(n: CatalogueNews, dated: Date): Insertable<NewsTable> {
  return {
    title: n.title,
    message: n.message,
    title_en: n.titleEn,
    message_en: n.messageEn,
    link: n.link,
    // The file's `open` is the news item's publish state (migration 0028).
    publish_state: n.open ? 'published' : 'draft',
    published_at: n.publishedAt ?? dated,
  };
}

export function bannerValues(b: CatalogueBanner): Insertable<BannersTable> {
  return {
    title: b.title,
    subtitle: b.subtitle,
    title_en: b.titleEn,
    subtitle_en: b.subtitleEn,
    image: b.image,
    link: b.link,
    sort: b.sort,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
  };
}

/**
 * True when the stored row already holds every value to write. Time stamps compare as instants
 * (the file's `+09:00` and the driver's UTC are the same moment) and JSON columns by content:
 * jsonb hands keys back in its own order.
 */
export function holdsValues(row: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([column, value]) => sameValue(row[column], value));
}

function sameValue(stored: unknown, wanted: unknown): boolean {
  if (wanted instanceof Date) {
    return (stored instanceof Date || typeof stored === 'string') && new Date(stored).getTime() === wanted.getTime();
  }
  if (stored !== null && typeof stored === 'object' && !(stored instanceof Date)) {
    return typeof wanted === 'string' && canonicalJson(stored) === canonicalJson(JSON.parse(wanted));
  }
  return stored === wanted;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
