import { SUBSCRIPTION_MESSAGES } from '../../shared/subscription-messages.ts';
import { DomainError } from '../http/errors.ts';

/** The provider did not answer (or none is configured): nothing was charged twice; retry. */
export const providerUnavailable = () => new DomainError(503, 'PAYMENT_UNAVAILABLE', SUBSCRIPTION_MESSAGES.providerUnavailable);
