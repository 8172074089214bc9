import type { Banner } from '../../shared/api/types.ts';
import { publicAt } from '../db/public-at.ts';
import type { Db } from '../db/schema.ts';

/** Public banners (shared/publish-state.ts) whose display window contains `now`, in display order. */
export async function listActiveBanners(db: Db, now: Date): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .select(['id', 'title', 'subtitle', 'title_en', 'subtitle_en', 'image', 'link', 'sort'])
    .where(publicAt('banners', now))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    titleEn: r.title_en || null,
    subtitleEn: r.subtitle_en || null,
    image: r.image,
    link: r.link,
    sort: r.sort,
  }));
}
