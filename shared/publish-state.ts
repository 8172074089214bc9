import type { Text } from './text.ts';

/**
 * Issue 32, drafts and publishing (docs/decisions/0081-drafts-and-publishing.md): the one rule
 * that says whether a catalogue item (artist, plan, banner, news) is public at an instant. Every
 * public query asks it through its SQL twin, api/db/public-at.ts; the console's badges ask it here.
 */
export const PUBLISH_STATES = ['draft', 'published', 'archived'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export const PUBLISHED: PublishState = 'published';

/** The kinds of catalogue item with a publish state; news cannot be archived (a draft is hidden). */
export const PUBLISHABLE_KINDS = ['artist', 'plan', 'banner', 'news'] as const;
export type PublishableKind = (typeof PUBLISHABLE_KINDS)[number];
export const ARCHIVABLE_KINDS: readonly PublishableKind[] = ['artist', 'plan', 'banner'];

/** What a staff member can do to an item's state (each written to the audit trail). */
export const PUBLISH_INTENTS = ['publish', 'schedule', 'unpublish', 'archive'] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];

export interface Publishable {
  publishState: PublishState;
  /** ISO instant from which a published item is public; null = at once. */
  publishAt: string | null;
}

/** Published, and its time (if it has one) has come. A plan is public only if its artist is too. */
export function isPublicAt(item: Publishable, now: Date): boolean {
  if (item.publishState !== PUBLISHED) return false;
  return item.publishAt === null || Date.parse(item.publishAt) <= now.getTime();
}

/** What a badge says: a published item whose time has not come is 'scheduled'. */
export type PublishStatus = 'draft' | 'scheduled' | 'published' | 'archived';

export function publishStatusAt(item: Publishable, now: Date): PublishStatus {
  if (item.publishState === PUBLISHED) return isPublicAt(item, now) ? 'published' : 'scheduled';
  return item.publishState;
}

export const PUBLISH_STATUS_LABELS: Record<PublishStatus, Text> = {
  draft: { ja: '下書き', en: 'Draft' },
  scheduled: { ja: '公開予定', en: 'Scheduled' },
  published: { ja: '公開中', en: 'Published' },
  archived: { ja: 'アーカイブ', en: 'Archived' },
};

export function isPublishState(value: string): value is PublishState {
  return (PUBLISH_STATES as readonly string[]).includes(value);
}
