import type { ApiContext } from '../context.ts';
import { writeAudit, type AuditActor } from './audit.service.ts';
import { isSealed, secretBoxOf, type SecretBox } from './secret-box.ts';

/** What `npm run ops -- staff rotate-key` did; ids only, never a secret. */
export interface KeyRotationReport {
  /** Sealed again under STAFF_SECRET_KEY (members and unused setup links). */
  resealed: number;
  /** Already under STAFF_SECRET_KEY: nothing to do (a second run reports every row here). */
  current: number;
  /** Members whose secret neither key opens: their second factor needs `staff reset`. */
  unreadable: number[];
}

const PAGE = 100;

/**
 * Seals every TOTP secret that only STAFF_SECRET_KEY_PREVIOUS opens under STAFF_SECRET_KEY,
 * online: a page of rows at a time, each update guarded by the value it read, so a member who
 * enrols or is reset meanwhile keeps what they just got. Safe to run again; written to the audit
 * trail with its counts (docs/decisions/0074-staff-secret-key-rotation.md).
 */
export async function rotateStaffSecretKey(ctx: ApiContext, actor: AuditActor): Promise<KeyRotationReport> {
  const box = secretBoxOf(ctx);
  const report: KeyRotationReport = { resealed: 0, current: 0, unreadable: [] };
  for (let after = 0; ;) {
    const rows = await ctx.db.selectFrom('staff').select(['id', 'totp_secret']).where('id', '>', after)
      .where('totp_secret', 'is not', null).orderBy('id').limit(PAGE).execute();
    for (const row of rows) {
      const outcome = await resealOne(box, row.id, row.totp_secret!, (sealed) => ctx.db.updateTable('staff').set({ totp_secret: sealed })
        .where('id', '=', row.id).where('totp_secret', '=', row.totp_secret).executeTakeFirst());
      tally(report, outcome, row.id);
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (let after = ''; ;) {
    const links = await ctx.db.selectFrom('staff_setup_tokens').select(['token_hash', 'staff_id', 'totp_secret']).where('token_hash', '>', after)
      .orderBy('token_hash').limit(PAGE).execute();
    for (const link of links) {
      const outcome = await resealOne(box, link.staff_id, link.totp_secret, (sealed) => ctx.db.updateTable('staff_setup_tokens').set({ totp_secret: sealed })
        .where('token_hash', '=', link.token_hash).where('totp_secret', '=', link.totp_secret).executeTakeFirst());
      tally(report, outcome, link.staff_id);
    }
    if (links.length < PAGE) break;
    after = links.at(-1)!.token_hash;
  }
  await writeAudit(ctx.db, actor, {
    action: 'staff.rotate-secret-key', outcome: report.unreadable.length === 0 ? 'success' : 'failure',
    after: { resealed: report.resealed, current: report.current, unreadable: report.unreadable },
  }, ctx.now());
  return report;
}

type Outcome = 'resealed' | 'current' | 'unreadable';

async function resealOne(box: SecretBox, staffId: number, stored: string, save: (sealed: string) => Promise<{ numUpdatedRows: bigint }>): Promise<Outcome> {
  if (box.sealedWithPrevious(staffId, stored)) {
    // 0 rows: changed meanwhile (enrolled, reset), so already under the current key.
    return (await save(box.seal(staffId, box.open(staffId, stored)))).numUpdatedRows === 1n ? 'resealed' : 'current';
  }
  if (!isSealed(stored)) return (await save(box.seal(staffId, stored))).numUpdatedRows === 1n ? 'resealed' : 'current';
  try {
    box.open(staffId, stored);
    return 'current';
  } catch {
    return 'unreadable';
  }
}

function tally(report: KeyRotationReport, outcome: Outcome, staffId: number): void {
  if (outcome === 'unreadable') {
    if (!report.unreadable.includes(staffId)) report.unreadable.push(staffId);
  } else report[outcome] += 1;
}
