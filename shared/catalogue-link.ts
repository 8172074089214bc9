/**
 * Where a news item (or any catalogue text written by the operator) may link: a path of this site
 * or an https address. Nothing else — no `javascript:`, no `data:`, no protocol-relative `//host`
 * that a browser would read as another site, no plain http. The same rule is the database's check
 * in migration 0006; the API applies it again so a link only ever reaches a page through it.
 */
export const MAX_CATALOGUE_LINK_LENGTH = 500;

export type CatalogueLink = { kind: 'site'; path: string } | { kind: 'external'; url: string };

// Whitespace, control characters and backslashes: browsers strip or rewrite them, which is how
// `/\evil.example` or `java\tscript:` slip past a naive prefix test.
const UNSAFE_CHARS = /[\s\\\u0000-\u001f\u007f]/;

export function parseCatalogueLink(value: string | null | undefined): CatalogueLink | null {
  if (!value || value.length > MAX_CATALOGUE_LINK_LENGTH || UNSAFE_CHARS.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : { kind: 'site', path: value };
  if (!value.startsWith('https://')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return { kind: 'external', url: url.href };
}
