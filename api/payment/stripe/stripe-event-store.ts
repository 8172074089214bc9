import type { Db } from '../../db/schema.ts';

/**
 * Each webhook event once, by Stripe's id. An event stored but not applied (applying failed and
 * Stripe retries) is applied again; one applied is a no-op.
 */
export async function storeEvent(db: Db, event: { id: string; type: string; objectId: string | null }, now: Date): Promise<'new' | 'applied'> {
  await db.insertInto('stripe_events').values({ id: event.id, type: event.type, object_id: event.objectId, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await db.selectFrom('stripe_events').select('applied_at').where('id', '=', event.id).executeTakeFirstOrThrow();
  return row.applied_at ? 'applied' : 'new';
}

export async function markApplied(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('stripe_events').set({ applied_at: now }).where('id', '=', id).execute();
}
