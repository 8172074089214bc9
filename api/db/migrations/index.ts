import * as catalogue from './0001-catalogue.ts';
import * as accounts from './0002-accounts.ts';
import * as accountSecurity from './0003-account-security.ts';
import * as payments from './0004-payments.ts';
import * as subscriptions from './0005-subscriptions.ts';
import * as storefront from './0006-storefront.ts';
import * as billing from './0007-billing.ts';
import * as staff from './0008-staff.ts';
import * as catalogueConsole from './0009-catalogue-console.ts';
import * as customerSupport from './0010-customer-support.ts';
import * as shipmentImports from './0011-shipment-imports.ts';
import * as roundIndexes from './0012-round-indexes.ts';
import * as stripe from './0013-stripe.ts';
import * as catalogueVersion from './0014-catalogue-version.ts';
import * as checkoutKeyPlan from './0015-checkout-key-plan.ts';
import * as planPeriodRounds from './0016-plan-period-rounds.ts';
import * as refunds from './0017-refunds.ts';
import * as sandboxChargeAuthentication from './0018-sandbox-charge-authentication.ts';
import * as customerSearchTrigram from './0019-customer-search-trigram.ts';
import * as mailLogBody from './0020-mail-log-body.ts';
import * as nameKana from './0021-name-kana.ts';
import * as orderListIndexes from './0022-order-list-indexes.ts';
import * as cancelSurvey from './0023-cancel-survey.ts';
import * as inFlightIndexes from './0024-in-flight-indexes.ts';
import * as refundsInDoubt from './0025-refunds-in-doubt.ts';
import * as openRefundIndexes from './0026-open-refund-indexes.ts';
import * as mediaLibrary from './0027-media-library.ts';
import * as cataloguePublishState from './0028-catalogue-publish-state.ts';
import * as parcels from './0029-parcels.ts';
import * as sandboxShopperPayments from './0030-sandbox-shopper-payments.ts';
import * as parcelShipToIndex from './0031-parcel-ship-to-index.ts';
import * as tokutenVault from './0032-tokuten-vault.ts';
import * as shopperPaidRounds from './0033-shopper-paid-rounds.ts';
import * as subscriptionRoundIndex from './0034-subscription-round-index.ts';

/** Forward-only, in order; a migration is never edited once it has shipped. */
export const MIGRATIONS: readonly { version: number; name: string; up: string }[] = [
  { version: 1, ...catalogue },
  { version: 2, ...accounts },
  { version: 3, ...accountSecurity },
  { version: 4, ...payments },
  { version: 5, ...subscriptions },
  { version: 6, ...storefront },
  { version: 7, ...billing },
  { version: 8, ...staff },
  { version: 9, ...catalogueConsole },
  { version: 10, ...customerSupport },
  { version: 11, ...shipmentImports },
  { version: 12, ...roundIndexes },
  { version: 13, ...stripe },
  { version: 14, ...catalogueVersion },
  { version: 15, ...checkoutKeyPlan },
  { version: 16, ...planPeriodRounds },
  { version: 17, ...refunds },
  { version: 18, ...sandboxChargeAuthentication },
  { version: 19, ...customerSearchTrigram },
  { version: 20, ...mailLogBody },
  { version: 21, ...nameKana },
  { version: 22, ...orderListIndexes },
  { version: 23, ...cancelSurvey },
  { version: 24, ...inFlightIndexes },
  { version: 25, ...refundsInDoubt },
  { version: 26, ...openRefundIndexes },
  { version: 27, ...mediaLibrary },
  { version: 28, ...cataloguePublishState },
  { version: 29, ...parcels },
  { version: 30, ...sandboxShopperPayments },
  { version: 31, ...parcelShipToIndex },
  { version: 32, ...tokutenVault },
  { version: 33, ...shopperPaidRounds },
  { version: 34, ...subscriptionRoundIndex },
];
