/**
 * The request target, read once and one way before any routing decision (issue 29). The console
 * check, the console's `/api/staff` filter and the `/api` proxy all look at the path; a spelling
 * one hop reads differently from another — http-proxy's `url.parse` turned `/api\staff\login`
 * into `/api/staff/login` after the check had passed it — put the staff API on the public port.
 * So a path that any hop might read as another is refused, not normalised: no browser sends one.
 */

/** Absolute-form (`GET http://host/path`, RFC 9112 §3.2.2): what a proxy in front may send. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)/i;
/** `\` (a `/` to url.parse and to WHATWG URLs), and separators in disguise (`%2f`, `%5c`). */
const AMBIGUOUS_SEPARATOR = /\\|%2f|%5c/i;
/** A `.` or `..` segment, raw or encoded: browsers resolve them before sending. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The target in origin-form (`/path?query`), or null for any other form (`*`, authority-form, a
 * bare `\path`) and for an absolute-form target naming another host than `Host`: the host checks
 * read `Host`, so a target may not name a second one.
 */
export function originFormOf(target: string, host: string | undefined): string | null {
  if (target.startsWith('/')) return target;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute || host === undefined || absolute[1]?.toLowerCase() !== host.toLowerCase()) return null;
  const rest = target.slice(absolute[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The path (before `?`) means one thing to every hop: no `\`, encoded separator or dot segment, and it decodes. */
export function isUnambiguousPath(originForm: string): boolean {
  const mark = originForm.indexOf('?');
  const path = mark === -1 ? originForm : originForm.slice(0, mark);
  if (AMBIGUOUS_SEPARATOR.test(path) || DOT_SEGMENT.test(path)) return false;
  // Only a `%` can make decoding fail: most paths have none, and are not decoded just to be dropped.
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
  } catch {
    return false;
  }
  return true;
}

/** A refused path as the loosest hop would read it (`\` and encoded separators as `/`, any case): only to pick the refusal's form. */
export function widestPath(originForm: string): string {
  return originForm.replace(/\\|%2f|%5c/gi, '/').toLowerCase();
}
