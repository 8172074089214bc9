import { Router } from 'express';
import { z } from 'zod';
import { StaffAddInput, StaffChangeInput } from '../../shared/staff-rules.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { listAudit } from './audit-query.ts';
import { actorOf } from './audit.service.ts';
import { requireStaff, staffOf } from './require-staff.ts';
import { changeMember, listMembers } from './staff-members.service.ts';
import { inviteStaff } from './staff-setup.service.ts';

const IdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));
const AuditQuery = z.strictObject({
  staffId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: z.string().min(1).max(60).optional(),
  /** Days in Japan time: `from` inclusive, `to` inclusive (the whole day). */
  from: day.optional(),
  to: day.optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const DAY_MS = 24 * 60 * 60_000;
const jstDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** The owner's endpoints: staff members and the audit trail. */
export function staffMembersRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/members', requireStaff(ctx, 'staff.manage'), async (_req, res) => {
    res.set('cache-control', 'private, no-store').json({ members: await listMembers(ctx) });
  });

  router.post('/members', requireStaff(ctx, 'staff.manage'), async (req, res) => {
    const input = parseInput(StaffAddInput, req.body, 'body');
    const actor = actorOf(req, staffOf(res));
    const invite = await ctx.db.transaction().execute((trx) => inviteStaff(ctx, trx, actor, input));
    res.status(201).set('cache-control', 'private, no-store').json(invite);
  });

  router.patch('/members/:id', requireStaff(ctx, 'staff.manage'), async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const change = parseInput(StaffChangeInput, req.body, 'body');
    const member = await changeMember(ctx, actorOf(req, staffOf(res)), id, change);
    res.set('cache-control', 'private, no-store').json({ member });
  });

  router.get('/audit', requireStaff(ctx, 'audit.read'), async (req, res) => {
    const query = parseInput(AuditQuery, req.query, 'query');
    const from = query.from ? jstDayStart(query.from) : undefined;
    const to = query.to ? new Date(jstDayStart(query.to).getTime() + DAY_MS) : undefined;
    const page = await listAudit(ctx.db, { ...query, from, to });
    res.set('cache-control', 'private, no-store').json(page);
  });

  return router;
}
