/**
 * The part of Stripe's search query language (https://docs.stripe.com/search#search-query-language)
 * the shop uses: metadata equality, `metadata['key']:'value'`, joined by AND.
 */
import { invalidRequest } from './errors.ts';

const CLAUSE = /^metadata\[(['"])([^'"]{1,40})\1\]:(['"])([^'"]{0,500})\3$/;

export function parseMetadataQuery(query: string): { key: string; value: string }[] {
  const parts = query.trim().split(/\s+AND\s+/);
  return parts.map((part) => {
    const match = CLAUSE.exec(part.trim());
    if (!match) throw invalidRequest(`stripe-local understands only metadata['key']:'value' clauses joined by AND; got: ${part.slice(0, 100)}`, 'query', 'parameter_invalid_string');
    return { key: match[2] ?? '', value: match[4] ?? '' };
  });
}
