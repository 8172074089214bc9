import { sql } from 'kysely';
import type { VaultFigures } from '../../shared/api/vault.ts';
import type { Db } from '../db/schema.ts';

/** The dashboard's 「解放された特典」: unlocks since the month began (Tokyo), downloads ever. Two aggregates. */
export async function vaultFigures(db: Db, monthBegan: Date): Promise<VaultFigures> {
  const [unlocks, downloads] = await Promise.all([
    db.selectFrom('bonus_unlocks').select((eb) => eb.fn.countAll<string>().as('n')).where('unlocked_at', '>=', monthBegan).executeTakeFirstOrThrow(),
    db.selectFrom('bonus_downloads').select(sql<string | null>`sum(count)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { unlocksThisMonth: Number(unlocks.n), downloads: Number(downloads.n ?? 0) };
}
