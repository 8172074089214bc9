import type { ApiContext } from '../../context.ts';
import * as repo from '../payment.repository.ts';
import { keepCard } from '../payment.service.ts';
import { cardOfMethod, cardOfSession, retrieveSetupSession } from './stripe-cards.ts';
import { findUserOfCustomer } from './stripe-customers.ts';
import type { StripeProvider } from './stripe-provider.ts';

/**
 * payment_method.automatically_updated: the card network sent a new expiry or number for a saved
 * card (https://docs.stripe.com/saved-cards/automatic-card-updates); the token stays, what the
 * shopper sees changes, and the change is in the method's history.
 */
export async function applyCardUpdate(ctx: ApiContext, provider: StripeProvider, methodId: string): Promise<void> {
  const method = await provider.client.paymentMethods.retrieve(methodId);
  const card = cardOfMethod(method);
  if (card.status !== 'registered') return;
  const now = ctx.now();
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const owner = await repo.updateCardByToken(trx, card, now);
    if (owner !== null) {
      await repo.insertHistory(trx, { userId: owner, method: 'CARD', brand: card.brand, last4: card.last4, guardianConsent: false }, now);
    }
    return owner;
  });
  if (userId !== null) ctx.logger.info({ userId }, 'stripe: card updated by the network');
}

/**
 * checkout.session.completed (setup): the shopper saved a card but closed the tab before the
 * return; the card is kept as the return would (keepCard is idempotent when both arrive).
 */
export async function applySessionCompleted(ctx: ApiContext, provider: StripeProvider, sessionId: string): Promise<void> {
  const session = await retrieveSetupSession(provider.client, sessionId);
  const customerId = typeof session?.customer === 'string' ? session.customer : session?.customer?.id;
  if (!session || session.mode !== 'setup' || !customerId) return;
  const userId = await findUserOfCustomer(ctx.db, customerId);
  if (userId === null) return;
  const card = cardOfSession(session, customerId);
  if (card.status === 'registered') await keepCard(ctx, userId, card);
}
