import { parsePaymentMethod } from '../../shared/payment.ts';
import type { BillingMailFacts } from '../mail/billing-templates.ts';
import type { RoundFacts } from './round-facts.ts';

/** What a pass works on: everything due, one round (`--round`), or one shopper (after a card change). */
export interface BillingScope {
  roundId?: number;
  userId?: number;
}

/**
 * A charge or retry of one row (the console's Billing area): its id, and for a retry the attempt
 * the staff member saw, so a second submit finds nothing to do.
 */
export interface ChargeScope extends BillingScope {
  historyId?: number;
  attempts?: number;
}

export function factsForMail(fact: RoundFacts, extra: Partial<BillingMailFacts> = {}): BillingMailFacts {
  return {
    lang: fact.lang === 'en' ? 'en' : 'ja',
    to: fact.email,
    artistName: fact.artist_name,
    planName: fact.plan_name,
    count: fact.count,
    round: { endDate: fact.end_date.toISOString(), shipDate: fact.ship_date.toISOString() },
    charge: { price: fact.price, shipFee: fact.ship_fee, fee: fact.fee, total: fact.total },
    period: fact.period,
    method: parsePaymentMethod(fact.payment_method),
    ...extra,
  };
}
