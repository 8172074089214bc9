import { MAX_PAGE } from '../../../shared/shipment-import-rules.ts';

/** The `?page=` of a console list: a page number in bounds, or the first page. */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page') ?? '1';
  return /^[1-9][0-9]{0,3}$/.test(raw) ? Math.min(Number(raw), MAX_PAGE) : 1;
}

/** `?archived=1`: the archived items, which the list leaves out otherwise (issue 32). */
export function archivedParam(request: Request): boolean {
  return new URL(request.url).searchParams.get('archived') === '1';
}
