import { safeReturnPath } from '../../shared/routes.ts';
import { apiFrom, isServerContext } from './api.ts';

/**
 * Where a return destination (`?url=`) leads once signed in. The server's action (no JavaScript)
 * applies `safeReturnPath` itself; in the browser the API's `redirect` call answers it by the same
 * function, so both paths land alike. If that call fails, the rule is applied here: a failed
 * check never strands a shopper who has just signed in.
 */
export async function resolveReturnPath(context: unknown, raw: string | null): Promise<string> {
  if (!raw || isServerContext(context)) return safeReturnPath(raw);
  const result = await apiFrom(context).redirect({ url: raw });
  return result.ok ? result.data.url : safeReturnPath(raw);
}
