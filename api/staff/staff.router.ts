import { Router } from 'express';
import { z } from 'zod';
import { StaffLoginInput, StaffSetupInput } from '../../shared/staff-rules.ts';
import type { StaffMember } from '../../shared/staff-roles.ts';
import type { ApiContext } from '../context.ts';
import { billingRouter } from '../charges/charges.router.ts';
import { catalogueRouter } from '../catalogue/catalogue.router.ts';
import { mediaLibraryRouter } from '../media/media-library.router.ts';
import { bonusAdminRouter } from '../vault/bonus-admin.router.ts';
import { customersRouter } from '../customers/customers.router.ts';
import { refundTransfersRouter } from '../refund-transfers/refund-transfers.router.ts';
import { dashboardRouter } from '../dashboard/dashboard.router.ts';
import { reportsRouter } from '../reports/reports.router.ts';
import { ordersRouter } from '../orders/orders.router.ts';
import { roundsRouter, shipmentImportsRouter } from '../shipping/rounds.router.ts';
import { parseInput } from '../http/validate.ts';
import { clientAddress } from '../throttle/client-address.ts';
import { actorOf, writeAudit } from './audit.service.ts';
import { requireStaff, requireStaffMember } from './require-staff.ts';
import { staffLogin } from './staff-login.service.ts';
import { staffMembersRouter } from './staff-members.router.ts';
import { clearStaffCookie, endStaffSession, setStaffCookie, staffToken } from './staff-session.ts';
import { completeSetup, describeSetup } from './staff-setup.service.ts';

const NoQuery = z.strictObject({});
const TokenParams = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * The staff API under /api/staff (issue 19): setup, sign-in, the session, and the owner's
 * endpoints. Only the console's origin may send unsafe requests here (api/app.ts).
 */
export function staffRouter(ctx: ApiContext): Router {
  const router = Router();
  const adminOrigin = ctx.adminOrigin ?? ctx.publicOrigin;

  router.get('/setup/:token', async (req, res) => {
    const { token } = parseInput(TokenParams, req.params, 'path');
    res.set('cache-control', 'private, no-store').json(await describeSetup(ctx, token));
  });

  router.post('/setup/:token', async (req, res) => {
    const { token } = parseInput(TokenParams, req.params, 'path');
    const input = parseInput(StaffSetupInput, req.body, 'body');
    const recoveryCodes = await completeSetup(ctx, clientAddress(req), (staff) => actorOf(req, staff), token, input);
    res.set('cache-control', 'private, no-store').json({ recoveryCodes });
  });

  router.post('/login', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const input = parseInput(StaffLoginInput, req.body, 'body');
    const actor = (staff: StaffMember | null) => actorOf(req, staff, input.email);
    const { token, staff } = await staffLogin(ctx, clientAddress(req), actor, input, staffToken(req));
    setStaffCookie(res, token, adminOrigin);
    res.set('cache-control', 'private, no-store').json({ staff });
  });

  // Idempotent: the cookie is cleared whether or not a session was live.
  router.post('/logout', async (req, res) => {
    const staff = await requireStaffMember(ctx, req).catch(() => null);
    await endStaffSession(ctx.db, staffToken(req));
    if (staff) await writeAudit(ctx.db, actorOf(req, staff), { action: 'staff.logout', outcome: 'success', targetType: 'staff', targetId: staff.id }, ctx.now());
    clearStaffCookie(res, adminOrigin);
    res.status(204).end();
  });

  router.get('/me', async (req, res) => {
    const staff = await requireStaffMember(ctx, req);
    res.set('cache-control', 'private, no-store').json({ staff });
  });

  router.use(staffMembersRouter(ctx));
  router.use('/customers', customersRouter(ctx));
  router.use('/orders', ordersRouter(ctx));
  router.use('/dashboard', dashboardRouter(ctx, requireStaff(ctx, 'dashboard.read')));
  router.use('/catalogue', catalogueRouter(ctx, requireStaff(ctx, 'catalogue.write')));
  router.use('/media', mediaLibraryRouter(ctx, requireStaff(ctx, 'catalogue.write')));
  router.use('/bonuses', bonusAdminRouter(ctx, requireStaff(ctx, 'catalogue.write')));
  router.use('/rounds', roundsRouter(ctx, requireStaff(ctx, 'shipping')));
  router.use('/billing', billingRouter(ctx, requireStaff(ctx, 'refunds')));
  router.use('/refund-transfers', refundTransfersRouter(ctx, requireStaff(ctx, 'refunds')));
  router.use('/reports', reportsRouter(ctx, requireStaff(ctx, 'reports.read')));
  router.use('/shipment-imports', shipmentImportsRouter(ctx, requireStaff(ctx, 'shipping')));
  return router;
}
