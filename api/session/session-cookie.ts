import type { CookieOptions, Request, Response } from 'express';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session.service.ts';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site
 * POSTs), Path=/ and Secure whenever the shop is served over https.
 */
function cookieOptions(publicOrigin: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: publicOrigin.startsWith('https:') };
}

export function sessionToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  return typeof token === 'string' ? token : undefined;
}

export function setSessionCookie(res: Response, token: string, publicOrigin: string): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(publicOrigin), maxAge: SESSION_ABSOLUTE_MS });
}

export function clearSessionCookie(res: Response, publicOrigin: string): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(publicOrigin));
}
