import { DEFERRED_LIMIT_MESSAGE, exceedsDeferredLimit } from '../../shared/deferred-payment.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { deferredOwed } from './payment.repository.ts';

/**
 * Refuses (409) a GMOAB purchase of `amount` yen (tax included) that would take the user's unpaid
 * deferred total past the docs/spec.md §9 limit of 55,000 yen. For checkout and the billing run (H8).
 */
export async function assertDeferredLimit(db: Db, userId: number, amount: number): Promise<void> {
  if (exceedsDeferredLimit(await deferredOwed(db, userId), amount)) throw new DomainError(409, 'CONFLICT', DEFERRED_LIMIT_MESSAGE);
}
