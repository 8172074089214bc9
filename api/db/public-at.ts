import { sql, type RawBuilder } from 'kysely';
import { PUBLISHED } from '../../shared/publish-state.ts';

/**
 * shared/publish-state.ts `isPublicAt` as SQL, for the table (or alias) `table`: published, and
 * `publish_at` empty or passed at `now` (the request's clock, so a scheduled item appears without
 * a timer). Every public catalogue query filters with it; test/integration/api-catalogue-drafts
 * checks the two agree.
 */
export function publicAt(table: string, now: Date): RawBuilder<boolean> {
  const state = sql.ref(`${table}.publish_state`);
  const at = sql.ref(`${table}.publish_at`);
  return sql<boolean>`(${state} = ${PUBLISHED} and (${at} is null or ${at} <= ${now}))`;
}
