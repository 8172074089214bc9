import { createHash } from 'node:crypto';

/**
 * A page's data block as the server wrote it (server/ssr/hydration.server.ts `pageDataJson`): the
 * JSON text inside `<script type="application/json" id="oshibox-data">`, and parsed.
 */
export function pageDataTextOf(html: string): string {
  const text = /<script type="application\/json" id="oshibox-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (text === undefined) throw new Error('the page has no data block');
  return text;
}

export interface PageData {
  h: { loaderData: Record<string, unknown>; actionData: unknown; errors: unknown };
  c: Record<string, unknown>;
  e: string;
  p: string[];
}

export function pageDataOf(html: string): PageData {
  return JSON.parse(pageDataTextOf(html)) as PageData;
}

/** The hydration data's JSON text (`h`), for tests that look for what it leaves out. */
export function hydrationTextOf(html: string): string {
  return JSON.stringify(pageDataOf(html).h);
}

/** Every script element that would run: its attributes and its inline text. */
export function runnableScriptsOf(html: string): { attrs: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map((m) => ({ attrs: m[1] ?? '', text: m[2] ?? '' }))
    .filter((s) => !/\btype="application\/json"/.test(s.attrs));
}

/** The CSP source that allows an inline script with this text (`'sha256-…'`). */
export function hashSourceOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
