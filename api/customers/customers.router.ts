import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { CancelInput, CustomerSearchQuery, MAIL_REF, PlanActionInput, RefundInput, ResendInput, ShipToInput, SupportNoteInput } from '../../shared/customer-rules.ts';
import type { ApiContext } from '../context.ts';
import { IdParam } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { requireStaff, staffOf } from '../staff/require-staff.ts';
import { customerDetail, customerMail } from './customer-detail.ts';
import { searchCustomers } from './customer-search.ts';
import { actOnPlan, cancelOnBehalf } from './plan-actions.service.ts';
import { refundRound } from './refund.service.ts';
import { resendChargedMail } from './resend-mail.service.ts';
import { correctShipTo } from './ship-to.service.ts';
import { addSupportNote } from './support-notes.ts';

const NoQuery = z.strictObject({});

/**
 * /api/staff/customers (issue 19): support's search, a customer's page, and the actions taken on
 * their behalf. Reading needs `customers.read`, acting `customers.act`, refunding `refunds`
 * (shared/staff-roles.ts); every action is audited in its own transaction.
 */
const MailRef = z.string().regex(MAIL_REF);

export function customersRouter(ctx: ApiContext): Router {
  const router = Router();
  const privately = (res: Response) => res.set('cache-control', 'private, no-store');
  const customerId = (req: Request) => {
    parseInput(NoQuery, req.query, 'query');
    return parseInput(IdParam, req.params.id, 'path');
  };
  const actor = (req: Request, res: Response) => actorOf(req, staffOf(res));

  router.get('/', requireStaff(ctx, 'customers.read'), async (req, res) => {
    const { q, page } = parseInput(CustomerSearchQuery, req.query, 'query');
    privately(res).json(await searchCustomers(ctx.db, q, page ?? 1));
  });

  router.get('/:id', requireStaff(ctx, 'customers.read'), async (req, res) => {
    privately(res).json(await customerDetail(ctx.db, customerId(req), ctx.now(), ctx.consolidationWindowDays));
  });

  // A sent mail's text, opened from the customer's page.
  router.get('/:id/mails/:ref', requireStaff(ctx, 'customers.read'), async (req, res) => {
    const id = customerId(req);
    const ref = parseInput(MailRef, req.params.ref, 'path');
    privately(res).json(await customerMail(ctx.db, id, ref));
  });

  router.post('/:id/refund', requireStaff(ctx, 'refunds'), async (req, res) => {
    const id = customerId(req);
    const input = parseInput(RefundInput, req.body, 'body');
    privately(res).json(await refundRound(ctx, actor(req, res), id, input));
  });

  router.post('/:id/plan', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const id = customerId(req);
    const { planId, action } = parseInput(PlanActionInput, req.body, 'body');
    privately(res).json(await actOnPlan(ctx, actor(req, res), id, planId, action));
  });

  router.post('/:id/cancel', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const id = customerId(req);
    const input = parseInput(CancelInput, req.body, 'body');
    privately(res).json(await cancelOnBehalf(ctx, actor(req, res), id, input));
  });

  router.post('/:id/ship-to', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const id = customerId(req);
    const input = parseInput(ShipToInput, req.body, 'body');
    await correctShipTo(ctx, actor(req, res), id, input);
    privately(res).status(204).end();
  });

  router.post('/:id/resend', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const id = customerId(req);
    const { historyId } = parseInput(ResendInput, req.body, 'body');
    await resendChargedMail(ctx, actor(req, res), id, historyId);
    privately(res).status(204).end();
  });

  router.post('/:id/notes', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const id = customerId(req);
    const { body } = parseInput(SupportNoteInput, req.body, 'body');
    privately(res).status(201).json({ note: await addSupportNote(ctx, actor(req, res), id, body) });
  });

  return router;
}
