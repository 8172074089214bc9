/**
 * Records → Stripe's JSON objects (https://docs.stripe.com/api). Fields the shop never reads are
 * present with Stripe's empty values where the OpenAPI description requires them.
 */
import type {
  ChargeRecord, CustomerRecord, DisputeRecord, LocalState, PaymentError, PaymentIntentRecord,
  PaymentMethodRecord, RefundRecord, SessionRecord, SetupIntentRecord,
} from './state.ts';

export type Json = Record<string, unknown>;

/** `expand[]` paths below `field`: ['setup_intent.payment_method'] → ['payment_method'] for setup_intent. */
function below(expand: string[], field: string): string[] | null {
  if (!expand.some((path) => path === field || path.startsWith(`${field}.`))) return null;
  return expand.filter((path) => path.startsWith(`${field}.`)).map((path) => path.slice(field.length + 1));
}

function renderError(error: PaymentError | null, state: LocalState): Json | null {
  if (!error) return null;
  const { paymentMethodId, ...rest } = error;
  const method = paymentMethodId ? state.paymentMethods.get(paymentMethodId) : undefined;
  return { ...rest, ...(method ? { payment_method: renderPaymentMethod(method) } : {}) };
}

export function renderCustomer(c: CustomerRecord): Json {
  return {
    id: c.id, object: 'customer', address: null, balance: 0, created: c.created, currency: null,
    default_source: null, delinquent: false, description: c.description, email: c.email,
    invoice_prefix: c.id.slice(4, 12).toUpperCase(), invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false, metadata: c.metadata, name: c.name, phone: null, preferred_locales: [], shipping: null, tax_exempt: 'none', test_clock: null,
  };
}

export function renderPaymentMethod(m: PaymentMethodRecord): Json {
  return {
    id: m.id, object: 'payment_method', allow_redisplay: 'always',
    billing_details: { address: null, email: null, name: m.name, phone: null },
    card: {
      brand: m.brand, checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: m.brand === 'jcb' ? 'JP' : 'US', display_brand: m.brand, exp_month: m.expMonth, exp_year: m.expYear,
      fingerprint: m.fingerprint, funding: 'credit', generated_from: null, last4: m.last4,
      networks: { available: [m.brand], preferred: null }, three_d_secure_usage: { supported: true }, wallet: null,
    },
    created: m.created, customer: m.customer, livemode: false, metadata: {}, type: 'card',
  };
}

export function renderSetupIntent(state: LocalState, s: SetupIntentRecord, expand: string[] = []): Json {
  const method = s.paymentMethod ? state.paymentMethods.get(s.paymentMethod) : undefined;
  return {
    id: s.id, object: 'setup_intent', application: null, automatic_payment_methods: null, cancellation_reason: null,
    client_secret: s.clientSecret, created: s.created, customer: s.customer, description: null, flow_directions: null,
    last_setup_error: renderError(s.lastSetupError, state), latest_attempt: null, livemode: false, mandate: null,
    metadata: s.metadata, next_action: null, on_behalf_of: null,
    payment_method: method && below(expand, 'payment_method') ? renderPaymentMethod(method) : s.paymentMethod,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'], single_use_mandate: null, status: s.status, usage: 'off_session',
  };
}

export function sessionUrl(publicUrl: string, s: SessionRecord): string | null {
  return s.status === 'open' ? `${publicUrl}/c/pay/${s.id}` : null;
}

export function renderSession(state: LocalState, s: SessionRecord, expand: string[] = []): Json {
  const setupIntent = state.setupIntents.get(s.setupIntent);
  const expandSetup = below(expand, 'setup_intent');
  return {
    id: s.id, object: 'checkout.session', after_expiration: null, allowed_payment_method_types: s.allowedPaymentMethodTypes, allow_promotion_codes: null, amount_subtotal: null,
    amount_total: null, automatic_tax: { enabled: false, liability: null, status: null }, billing_address_collection: null,
    cancel_url: s.cancelUrl, client_reference_id: null, client_secret: null, consent: null, consent_collection: null,
    created: s.created, currency: s.currency, custom_fields: [], custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: s.customer, customer_creation: null, customer_details: null, customer_email: null, expires_at: s.expiresAt,
    invoice: null, invoice_creation: null, livemode: false, locale: s.locale, metadata: s.metadata, mode: 'setup',
    payment_intent: null, payment_link: null, payment_method_collection: 'always', payment_method_options: {},
    payment_method_types: ['card'], payment_status: 'no_payment_required', recovered_from: null,
    setup_intent: setupIntent && expandSetup ? renderSetupIntent(state, setupIntent, expandSetup) : s.setupIntent,
    shipping_address_collection: null, shipping_cost: null, shipping_options: [], status: s.status,
    submit_type: null, subscription: null, success_url: s.successUrl, total_details: null, ui_mode: 'hosted',
    url: sessionUrl(state.origin, s),
  };
}

export function renderCharge(state: LocalState, c: ChargeRecord): Json {
  const method = state.paymentMethods.get(c.paymentMethod);
  const succeeded = c.status === 'succeeded';
  return {
    id: c.id, object: 'charge', amount: c.amount, amount_captured: succeeded ? c.amount : 0, amount_refunded: c.amountRefunded,
    application: null, application_fee: null, application_fee_amount: null, balance_transaction: null,
    billing_details: { address: null, email: null, name: method?.name ?? null, phone: null }, calculated_statement_descriptor: 'OSHIBOX',
    captured: succeeded, created: c.created, currency: c.currency, customer: c.customer, description: c.description,
    disputed: c.disputed, failure_balance_transaction: null, failure_code: c.failure?.code ?? null,
    failure_message: c.failure?.message ?? null, fraud_details: {}, livemode: false, metadata: c.metadata,
    on_behalf_of: null,
    outcome: {
      network_status: succeeded ? 'approved_by_network' : 'declined_by_network', reason: c.failure?.decline_code ?? null,
      risk_level: 'normal', seller_message: succeeded ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: succeeded ? 'authorized' : 'issuer_declined',
    },
    paid: succeeded, payment_intent: c.paymentIntent, payment_method: c.paymentMethod,
    payment_method_details: renderShopperDetails(c) ?? (method ? {
      type: 'card',
      card: { brand: method.brand, checks: null, country: null, exp_month: method.expMonth, exp_year: method.expYear, fingerprint: method.fingerprint, funding: 'credit', last4: method.last4, network: method.brand, three_d_secure: null, wallet: null },
    } : null),
    receipt_email: null, receipt_number: null, receipt_url: null, refunded: c.amountRefunded >= c.amount && c.amount > 0,
    review: null, shipping: null, source_transfer: null, statement_descriptor: null, statement_descriptor_suffix: null,
    status: c.status, transfer_data: null, transfer_group: null,
  };
}

export function renderPaymentIntent(state: LocalState, p: PaymentIntentRecord, expand: string[] = []): Json {
  const charge = p.latestCharge ? state.charges.get(p.latestCharge) : undefined;
  return {
    id: p.id, object: 'payment_intent', allowed_payment_method_types: p.methodTypes[0] === 'card' ? null : p.methodTypes, amount: p.amount, amount_capturable: 0, amount_details: { tip: {} },
    amount_received: p.status === 'succeeded' ? p.amount : 0, application: null, application_fee_amount: null,
    automatic_payment_methods: null, canceled_at: p.canceledAt, cancellation_reason: p.cancellationReason,
    capture_method: 'automatic', client_secret: p.clientSecret, confirmation_method: 'automatic', created: p.created,
    currency: p.currency, customer: p.customer, description: p.description,
    last_payment_error: renderError(p.lastPaymentError, state),
    latest_charge: charge && below(expand, 'latest_charge') ? renderCharge(state, charge) : p.latestCharge,
    livemode: false, metadata: p.metadata,
    next_action: renderNextAction(state, p),
    on_behalf_of: null, payment_method: p.paymentMethod, payment_method_configuration_details: null,
    payment_method_options: renderMethodOptions(p),
    payment_method_types: p.methodTypes, processing: null, receipt_email: null, review: null, setup_future_usage: null,
    shipping: null, source: null, statement_descriptor: null, statement_descriptor_suffix: p.statementDescriptorSuffix,
    status: p.status, transfer_data: null, transfer_group: null,
  };
}

/** 3-D Secure for a card; the voucher for konbini; the approve page for PayPay (hosted-shopper.ts). */
function renderNextAction(state: LocalState, p: PaymentIntentRecord): Json | null {
  if (p.status !== 'requires_action' || !p.nextAction) return null;
  const method = p.methodTypes[0];
  if (method === 'konbini' && p.voucher) {
    const store = { payment_code: p.voucher.paymentCode, confirmation_number: p.voucher.confirmationNumber };
    return {
      type: 'konbini_display_details',
      konbini_display_details: {
        expires_at: p.voucher.expiresAt, hosted_voucher_url: `${state.origin}/konbini/${p.id}`,
        stores: { familymart: store, lawson: store, ministop: store, seicomart: store },
      },
    };
  }
  const url = `${state.origin}/${method === 'paypay' ? 'paypay' : '3ds'}/${p.id}`;
  return p.nextAction.returnUrl
    ? { type: 'redirect_to_url', redirect_to_url: { return_url: p.nextAction.returnUrl, url } }
    : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
}

function renderMethodOptions(p: PaymentIntentRecord): Json {
  const method = p.methodTypes[0];
  if (method === 'paypay') return { paypay: {} };
  if (method === 'konbini') {
    return { konbini: { confirmation_number: null, expires_after_days: null, expires_at: p.voucher?.expiresAt ?? null, product_description: p.voucher?.productDescription ?? null } };
  }
  return { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } };
}

function renderShopperDetails(c: ChargeRecord): Json | null {
  if (c.shopperMethod === 'konbini') return { type: 'konbini', konbini: { store: { chain: 'lawson' } } };
  if (c.shopperMethod === 'paypay') return { type: 'paypay', paypay: {} };
  return null;
}

export function renderRefund(r: RefundRecord): Json {
  return {
    id: r.id, object: 'refund', amount: r.amount, balance_transaction: null, charge: r.charge, created: r.created,
    currency: r.currency, destination_details: { type: 'card', card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' } },
    metadata: r.metadata, payment_intent: r.paymentIntent, reason: r.reason, receipt_number: null,
    source_transfer_reversal: null, status: r.status, transfer_reversal: null,
  };
}

export function renderDispute(d: DisputeRecord): Json {
  const closed = d.status === 'won' || d.status === 'lost';
  return {
    id: d.id, object: 'dispute', amount: d.amount, balance_transactions: [], charge: d.charge, created: d.created,
    currency: d.currency, evidence: {}, evidence_details: { due_by: d.created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: !closed && d.status === 'needs_response', livemode: false, metadata: {},
    payment_intent: d.paymentIntent, reason: d.reason, status: d.status,
  };
}

export function renderList(url: string, data: Json[], hasMore: boolean): Json {
  return { object: 'list', data, has_more: hasMore, url };
}
