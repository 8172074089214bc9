import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { z } from 'zod';
import { StaffAddInput, StaffChangeInput } from '../../shared/staff-rules.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { AUDIT_EXPORT_MAX, auditCsvLines, listAudit } from './audit-query.ts';
import { actorOf, writeAudit } from './audit.service.ts';
import { requireStaff, staffOf } from './require-staff.ts';
import { changeMember, listMembers } from './staff-members.service.ts';
import { AUDIT_ACTIONS, type AuditAction } from '../../shared/audit-actions.ts';
import { inviteStaff, resetSecondFactor } from './staff-setup.service.ts';

const IdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const NoBody = z.strictObject({});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
const AuditFilterQuery = z.strictObject({
  staffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  staffEmail: z.string().trim().min(1).max(200).optional(),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]).optional(),
  targetType: z.string().min(1).max(40).optional(),
  targetId: z.string().min(1).max(200).optional(),
  outcome: z.enum(['success', 'failure', 'refused']).optional(),
  /** Days in Japan time: `from` inclusive, `to` inclusive (the whole day). */
  from: day.optional(),
  to: day.optional(),
});
const AuditQuery = AuditFilterQuery.extend({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const DAY_MS = 24 * 60 * 60_000;
const jstDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);
const UTF8_BOM = '\ufeff';

function daySpan(query: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: query.from ? jstDayStart(query.from) : undefined,
    to: query.to ? new Date(jstDayStart(query.to).getTime() + DAY_MS) : undefined,
  };
}

/** The owner's endpoints: staff members and the audit trail. */
export function staffMembersRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/members', requireStaff(ctx, 'staff.manage'), async (_req, res) => {
    res.set('cache-control', 'private, no-store').json({ members: await listMembers(ctx) });
  });

  router.post('/members', requireStaff(ctx, 'staff.manage'), async (req, res) => {
    const input = parseInput(StaffAddInput, req.body, 'body');
    const actor = actorOf(req, staffOf(res));
    const invite = await inviteStaff(ctx, actor, input);
    res.status(201).set('cache-control', 'private, no-store').json(invite);
  });

  router.patch('/members/:id', requireStaff(ctx, 'staff.manage'), async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const change = parseInput(StaffChangeInput, req.body, 'body');
    const member = await changeMember(ctx, actorOf(req, staffOf(res)), id, change);
    res.set('cache-control', 'private, no-store').json({ member });
  });

  router.post('/members/:id/reset-second-factor', requireStaff(ctx, 'staff.manage'), async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    parseInput(NoBody, req.body ?? {}, 'body');
    const invite = await resetSecondFactor(ctx, actorOf(req, staffOf(res)), id);
    res.set('cache-control', 'private, no-store').json(invite);
  });

  router.get('/audit', requireStaff(ctx, 'audit.read'), async (req, res) => {
    const query = parseInput(AuditQuery, req.query, 'query');
    const page = await listAudit(ctx.db, { ...query, ...daySpan(query) });
    res.set('cache-control', 'private, no-store').json(page);
  });

  // The export is itself in the trail (who took which rows out), written before the first byte.
  router.get('/audit.csv', requireStaff(ctx, 'audit.read'), async (req, res) => {
    const query = parseInput(AuditFilterQuery, req.query, 'query');
    await writeAudit(ctx.db, actorOf(req, staffOf(res)), { action: 'audit.export', outcome: 'success', targetType: 'audit_log', after: { filter: query, max: AUDIT_EXPORT_MAX } }, ctx.now());
    res.status(200).set({
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': 'attachment; filename="audit-log.csv"',
      'cache-control': 'private, no-store',
    });
    res.write(UTF8_BOM);
    try {
      await pipeline(Readable.from(auditCsvLines(ctx.db, { ...query, ...daySpan(query) }), { highWaterMark: 1 }), res);
    } catch (error) {
      ctx.logger.warn({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'audit export ended early');
    }
  });

  return router;
}
