import { z } from 'zod';
import type { Artist, ArtistAttribute, PlanPrice } from '../../shared/api/types.ts';
import type { ArtistType } from '../../shared/artist-types.ts';
import type { ArtistRow } from './artist.repository.ts';

function toAttribute(value: unknown): ArtistAttribute {
  const links = (value as { links?: unknown } | null)?.links;
  return { links: Array.isArray(links) ? links.filter((l) => typeof l?.type === 'string' && typeof l?.url === 'string') : [] };
}

const PlanPriceSchema = z.object({ price: z.number().int(), preTaxPrice: z.number().int(), period: z.number().int() });

function toLowestPrice(value: unknown): PlanPrice | null {
  const parsed = PlanPriceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toArtist(row: ArtistRow): Artist {
  return {
    id: row.id,
    name: row.name,
    subName: row.sub_name,
    slug: row.slug,
    description: row.description,
    icon: row.icon,
    coverImage: row.cover_image,
    type: row.type as ArtistType,
    attribute: toAttribute(row.attribute),
    copyright: row.copyright,
    backgroundColor: row.background_color,
    sort: row.sort,
    isClose: row.is_close,
    tags: row.tags,
    descriptionEn: row.description_en || null,
    lowestPrice: toLowestPrice(row.lowest_price),
  };
}

