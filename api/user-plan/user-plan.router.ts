import { Router, type Request, type Response } from 'express';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import type { CheckoutAuthentication, UserPlanCreated, UserPlanWithTiers } from '../../shared/api/types.ts';
import { paysEachRound } from '../../shared/shopper-payment.ts';
import { listShopperRounds } from '../shopper-round/shopper-round.service.ts';
import type { ApiContext } from '../context.ts';
import { BadRequestError, DomainError } from '../http/errors.ts';
import { IdParam } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { requireUser } from '../session/require-user.ts';
import { cancelUserPlan, changeUserPlan } from './change.service.ts';
import { claimKey, releaseKey, requestHash, storeAnswer } from './idempotency.ts';
import { recoverCheckout } from './checkout-recovery.ts';
import { joinsCarriedParcel, subscribe } from './subscribe.service.ts';
import { sendSubscribedMail } from './subscription-mail.ts';
import { AuthenticationReturnQuery, CancelBody, ChangeBody, ChangePreviewQuery, CreateBody, IdempotencyKey, NoQuery } from './user-plan.schemas.ts';
import { returnFromCheckoutAuthentication } from './checkout-authentication.ts';
import { checkoutPaymentOf } from './checkout-payment-view.ts';
import { findActiveUserPlan, findLiveUserPlans } from './user-plan.repository.ts';
import { toUserPlans } from './user-plan.view.ts';
import { previewTierOrCount } from './tier-change.ts';
import { recordAcceptedOffer, recordFanCancel } from './cancel-survey.ts';

const KEY_MISMATCH = { ja: 'Idempotency-Key ヘッダーと idempotencyKey が異なります。', en: 'The Idempotency-Key header and idempotencyKey differ.' };

const BAD_KEY = {
  ja: 'Idempotency-Key ヘッダーは半角英数字・-・_ の8〜100文字にしてください。',
  en: 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.',
};

function keyOf(req: Request, bodyKey: string | undefined): string | undefined {
  const header = req.get('idempotency-key');
  if (header === undefined) return bodyKey;
  const parsed = IdempotencyKey.safeParse(header);
  if (!parsed.success) throw new BadRequestError(BAD_KEY, { 'idempotency-key': BAD_KEY });
  const key = parsed.data;
  if (bodyKey !== undefined && bodyKey !== key) throw new BadRequestError(KEY_MISMATCH, { idempotencyKey: KEY_MISMATCH });
  return key;
}

const OFFER_MISMATCH = {
  ja: 'cancelOffer.offer は action と合わせてください（skip・pause、安いプランは change）。',
  en: 'cancelOffer.offer must match the action (skip, pause; cheaper is a change).',
};

/** The cancel-page offer a change is: skip, pause, or a tier change (to a cheaper plan). */
const offerOf = (input: { action: string; planId: number; currentPlanId: number }) =>
  input.action === 'change' ? (input.planId !== input.currentPlanId ? 'cheaper' : null) : input.action;

const isAuthentication = (answer: UserPlanCreated | CheckoutAuthentication): answer is CheckoutAuthentication => 'authenticationUrl' in answer;

function errorBody(error: DomainError): ApiErrorBody {
  const body: ApiErrorBody = { code: error.code, message: error.text.ja, messageEn: error.text.en };
  if (error.fields) body.fields = error.fields;
  return body;
}

/** GET/POST/PUT/DELETE /api/userPlan (docs/spec.md §7): a shopper's subscriptions. */
export function userPlanRouter(ctx: ApiContext): Router {
  const router = Router();
  const noQuery = (req: Request) => parseInput(NoQuery, req.query, 'query');
  const privately = (res: Response) => res.set('cache-control', 'private, no-store');

  router.get('/', async (req, res) => {
    noQuery(req);
    const user = await requireUser(ctx, req);
    const rows = await findLiveUserPlans(ctx.db, user.id);
    const plans: UserPlanWithTiers[] = await toUserPlans(ctx.db, rows, user.paymentMethod, ctx.now(), ctx.consolidationWindowDays);
    // A konbini/PayPay fan's round requests (issue 34), read only for such a fan: a card's page costs nothing more.
    if (plans.length && paysEachRound(user.paymentMethod)) {
      const requests = await listShopperRounds(ctx, user.id);
      for (const plan of plans) {
        const request = requests.find((r) => r.userPlanId === plan.id);
        if (request) plan.shopperRound = request;
      }
    }
    privately(res).json(plans);
  });

  router.get('/count/:planId', async (req, res) => {
    noQuery(req);
    const planId = parseInput(IdParam, req.params.planId, 'path');
    const user = await requireUser(ctx, req);
    const row = await findActiveUserPlan(ctx.db, user.id, planId);
    // The open round's box joins a parcel whose shipping another box carries (同梱, the checkout page's amount).
    privately(res).json({ count: row?.count ?? 0, joinsParcel: !row && (await joinsCarriedParcel(ctx, user.id, planId)) });
  });

  router.get('/change/preview', async (req, res) => {
    const input = parseInput(ChangePreviewQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    privately(res).json(await previewTierOrCount(ctx, user, { ...input, action: 'change' }));
  });

  router.post('/', async (req, res) => {
    noQuery(req);
    const user = await requireUser(ctx, req);
    const { idempotencyKey, ...input } = parseInput(CreateBody, req.body, 'body');
    const key = keyOf(req, idempotencyKey);
    if (!key) {
      const created = await subscribe(ctx, user, input);
      if (isAuthentication(created)) return void res.status(202).json(created);
      await sendSubscribedMail(ctx, user, created);
      res.status(201).json(created);
      return;
    }
    const claim = await claimKey(ctx, user.id, key, requestHash(input));
    if (!claim.owned) {
      res.status(claim.replay.status).set('idempotent-replayed', 'true').json(claim.replay.body);
      return;
    }
    try {
      const recovered = claim.userPlanId === null ? null : await recoverCheckout(ctx, user, claim.userPlanId);
      const created = recovered ?? (await subscribe(ctx, user, input, key));
      if (isAuthentication(created)) {
        // Not a final answer: the key stays with its subscription, so the same form sent again
        // (Back, a second tab) asks the held charge again instead of charging anew.
        await releaseKey(ctx, user.id, key);
        res.status(202).json(created);
        return;
      }
      await storeAnswer(ctx, user.id, key, { status: 201, body: created });
      // The answer is stored before the mail (SMTP may take seconds): a copy killed while mailing
      // loses at most this mail, never the answer a retry with the key replays.
      await sendSubscribedMail(ctx, user, created);
      res.status(201).json(created);
    } catch (error) {
      // A refusal is the answer for this key; a failure of ours, or "still in progress", frees
      // the key for a retry.
      if (error instanceof DomainError && error.status < 500 && error.code !== 'IN_PROGRESS' && error.code !== 'PARCEL_IN_FLIGHT') {
        await storeAnswer(ctx, user.id, key, { status: error.status, body: errorBody(error) });
      } else {
        await releaseKey(ctx, user.id, key);
      }
      throw error;
    }
  });

  router.get('/authentication/return', async (req, res) => {
    const { userPlanId } = parseInput(AuthenticationReturnQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    res.set('cache-control', 'no-store').redirect(303, await returnFromCheckoutAuthentication(ctx, user.id, userPlanId));
  });

  router.get('/:userPlanId/checkoutPayment', async (req, res) => {
    noQuery(req);
    const userPlanId = parseInput(IdParam, req.params.userPlanId, 'path');
    const user = await requireUser(ctx, req);
    privately(res).json(await checkoutPaymentOf(ctx, user.id, userPlanId));
  });

  router.put('/', async (req, res) => {
    noQuery(req);
    const user = await requireUser(ctx, req);
    const { cancelOffer, ...input } = parseInput(ChangeBody, req.body, 'body');
    if (cancelOffer && cancelOffer.offer !== offerOf(input)) throw new BadRequestError(OFFER_MISMATCH, { cancelOffer: OFFER_MISMATCH });
    const answer = await changeUserPlan(ctx, user, input);
    if (cancelOffer) {
      const { offer, ...survey } = cancelOffer;
      await recordAcceptedOffer(ctx.db, {
        userId: user.id, userPlanId: answer.userPlan.id, offer, planId: input.currentPlanId,
        toPlanId: offer === 'cheaper' ? input.planId : null, survey,
      }, ctx.now());
    }
    res.json(answer);
  });

  router.delete('/:planId', async (req, res) => {
    noQuery(req);
    const planId = parseInput(IdParam, req.params.planId, 'path');
    // No body (or no answer) is a cancellation as valid as one with a reason: the question is optional.
    const survey = parseInput(CancelBody, req.body ?? {}, 'body');
    const user = await requireUser(ctx, req);
    res.json(await cancelUserPlan(ctx, user, planId, false, recordFanCancel(survey)));
  });

  return router;
}
