/**
 * The hashed entry module a page starts: named in the bootstrap script that imports it after the
 * first paint (decision 0015), not in a `<script src>`. Throws when the page names none.
 */
export function entryModuleOf(html: string): string {
  const entry = /"(\/assets\/entry\.client-[A-Z0-9]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('the page names no entry module');
  return entry;
}
