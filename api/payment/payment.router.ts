import { Router } from 'express';
import { z } from 'zod';
import type { CreditInfo, PaymentMethodChoice, PaymentMethodHistory, RedirectTarget } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import { ROUTES, safeReturnPath } from '../../shared/routes.ts';
import type { ApiContext } from '../context.ts';
import { BadRequestError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { requireSecureUser, requireUser } from '../session/require-user.ts';
import { clientAddress } from '../throttle/client-address.ts';
import { PAYMENT_MESSAGES as M } from './payment-messages.ts';
import * as payments from './payment.service.ts';

const UserIdQuery = z.strictObject({ userId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
const CreditQuery = z.strictObject({ retUrl: z.string().max(2000).optional() });
/** Extra keys (a forged `brand`, `token`…) are refused, not read: the provider is asked instead. */
const ConfirmQuery = z.strictObject({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  retUrl: z.string().min(1).max(2000),
  registrationId: z.string().min(1).max(100).optional(),
});
const ChoiceBody = z.strictObject({ paymentMethod: z.string().max(20), guardianConsent: z.boolean().optional() });

/** A return path of this site, exactly as given (a normalised or refused one is an error). */
function returnPath(value: string | undefined): string {
  if (value === undefined) return ROUTES.profilePayment.path;
  if (safeReturnPath(value) !== value) throw new BadRequestError(M.retUrl, { retUrl: M.retUrl });
  return value;
}

function withOutcome(path: string, outcome: string): string {
  const url = new URL(path, 'http://return.invalid');
  url.searchParams.set('card', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Payment methods: /api/credit, /api/credit-confirm, /api/credit-info, /api/paymentMethodHistory, /api/paymentMethod. */
export function paymentRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/credit', async (req, res) => {
    const { retUrl } = parseInput(CreditQuery, req.query, 'query');
    const user = await requireSecureUser(ctx, req);
    const target: RedirectTarget = await payments.startCardRegistration(ctx, user, returnPath(retUrl), clientAddress(req));
    res.json(target);
  });

  router.get('/credit-confirm', async (req, res) => {
    const query = parseInput(ConfirmQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    payments.assertOwnUser(user, query.userId);
    const back = returnPath(query.retUrl);
    const outcome = query.registrationId ? await payments.confirmCardRegistration(ctx, user, query.registrationId) : 'cancelled';
    res.redirect(303, withOutcome(back, outcome));
  });

  router.get('/credit-info', async (req, res) => {
    const { userId } = parseInput(UserIdQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    payments.assertOwnUser(user, userId);
    const info: CreditInfo = await payments.creditInfo(ctx, user.id);
    res.set('cache-control', 'private, no-store').json(info);
  });

  router.get('/paymentMethodHistory', async (req, res) => {
    parseInput(z.strictObject({}), req.query, 'query');
    const user = await requireUser(ctx, req);
    const rows: PaymentMethodHistory[] = await payments.methodHistory(ctx, user.id);
    res.set('cache-control', 'private, no-store').json(rows);
  });

  router.put('/paymentMethod', async (req, res) => {
    const body = parseInput(ChoiceBody, req.body, 'body');
    const user = await requireSecureUser(ctx, req);
    // An unknown value raises UnknownPaymentMethodError (docs/spec.md §3): the error middleware makes it a 400.
    const method = parsePaymentMethod(body.paymentMethod);
    const choice: PaymentMethodChoice = { paymentMethod: await payments.chooseMethod(ctx, user, method, body.guardianConsent ?? false) };
    res.json(choice);
  });
  return router;
}
