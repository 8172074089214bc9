/** Form parameters as qs parses them (`metadata[k]=v`, `expand[0]=…`), checked the way Stripe checks them. */
import { invalidRequest } from './errors.ts';
import type { Metadata } from './state.ts';

export type Params = Record<string, unknown>;

export function optionalString(params: Params, name: string, max = 5000): string | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name, 'parameter_invalid_string');
  if (value.length > max) throw invalidRequest(`Invalid string: ${name} must be at most ${max} characters`, name, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: Params, name: string, max = 5000): string {
  const value = optionalString(params, name, max);
  if (value === null) throw invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
  return value;
}

export function optionalInteger(params: Params, name: string): number | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) throw invalidRequest(`Invalid integer: ${String(value).slice(0, 40)}`, name, 'parameter_invalid_integer');
  return Number(value);
}

export function optionalBoolean(params: Params, name: string): boolean | null {
  const value = params[name];
  if (value === undefined || value === '') return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${String(value).slice(0, 40)}`, name, 'parameter_invalid_boolean');
}

/** Stripe's limits: 50 keys, keys up to 40 characters, values up to 500. */
export function readMetadata(params: Params): Metadata {
  const value = params.metadata;
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest('Invalid object', 'metadata', 'parameter_invalid_empty');
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys', 'metadata');
  const out: Metadata = {};
  for (const [key, v] of entries) {
    if (typeof v !== 'string' || key.length > 40 || v.length > 500) throw invalidRequest(`Invalid metadata[${key.slice(0, 40)}]`, `metadata[${key.slice(0, 40)}]`);
    out[key] = v;
  }
  return out;
}

/** `expand[]=a` or stripe-node's `expand[0]=a`: both parse to an array. */
export function readExpand(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  if (list.length > 20 || !list.every((v): v is string => typeof v === 'string' && v.length <= 200)) throw invalidRequest('Invalid expand', 'expand');
  return list;
}

export function readStringList(params: Params, name: string): string[] {
  const value = params[name];
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : [value];
  if (list.length > 20 || !list.every((v): v is string => typeof v === 'string' && v.length <= 100)) throw invalidRequest(`Invalid array: ${name}`, name);
  return list;
}
