import { isPublishState, type Publishable } from '../../shared/publish-state.ts';

/** A row's publish columns (migration 0028) as the console reads them. */
export function publishableOf(row: { publish_state: string; publish_at: Date | null }): Publishable {
  return { publishState: isPublishState(row.publish_state) ? row.publish_state : 'draft', publishAt: row.publish_at?.toISOString() ?? null };
}

/** What the console creates starts as a draft: nothing new is public the moment it is saved (issue 32). */
export const NEW_DRAFT = { publish_state: 'draft' } as const;
