/**
 * Checks a JSON answer against the subset of Stripe's OpenAPI description in stripe-subset.json
 * (written by scripts/stripe-openapi-subset.mjs). OpenAPI 3.0's `nullable` is rewritten to JSON
 * Schema (ajv accepts `nullable` only beside `type`; Stripe puts it beside `anyOf` and `$ref`).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

interface Subset {
  source: { version: string };
  operations: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
}

const SUBSET: Subset = JSON.parse(readFileSync(new URL('./stripe-subset.json', import.meta.url), 'utf8'));

export const STRIPE_OPENAPI_VERSION = SUBSET.source.version;

function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace('#/components/schemas/', 'stripe#/definitions/');
    else if (key !== 'nullable') out[key] = toJsonSchema(value);
  }
  if ((node as { nullable?: unknown }).nullable !== true) return out;
  return { anyOf: [out, { type: 'null' }] };
}

const ajv = new Ajv({ strict: false, allErrors: true });
// Stripe's own formats: whole seconds since the epoch, and a decimal carried as a string.
ajv.addFormat('unix-time', true);
ajv.addFormat('decimal', true);
ajv.addSchema({ $id: 'stripe', definitions: toJsonSchema(SUBSET.components.schemas) });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(operation: string, status: number): ValidateFunction | null {
  const responses = SUBSET.operations[operation];
  if (!responses) return null;
  const key = status >= 200 && status < 300 && responses[String(status)] ? String(status) : 'default';
  const cacheKey = `${operation} ${key}`;
  const known = compiled.get(cacheKey);
  if (known) return known;
  const schema = responses[key];
  if (!schema) return null;
  const validate = ajv.compile(toJsonSchema(schema) as object);
  compiled.set(cacheKey, validate);
  return validate;
}

/**
 * Compiles every answer's validator now. The first compile of a large schema (a customer, with its
 * expansions) takes seconds; done lazily it lands inside the first request and can pass the
 * caller's deadline (the shop's 5-second Stripe timeout in tests), so a server that validates
 * compiles them as it starts (tools/stripe-local/server.ts).
 */
export function compileStripeValidators(): void {
  for (const [operation, responses] of Object.entries(SUBSET.operations)) {
    for (const key of Object.keys(responses)) validatorFor(operation, key === 'default' ? 500 : Number(key));
  }
}

/** The ways `body` differs from Stripe's schema for this answer; empty when it conforms. */
export function validateStripeAnswer(method: string, pathTemplate: string, status: number, body: unknown): string[] {
  const operation = `${method.toUpperCase()} ${pathTemplate}`;
  const validate = validatorFor(operation, status);
  if (!validate) return [`${operation}: not in the OpenAPI subset (status ${status})`];
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 20).map((e) => `${operation} ${status}: ${e.instancePath || '/'} ${e.message ?? ''}`);
}
