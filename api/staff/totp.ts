import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as RFC 6238 defines it and every authenticator app reads it: SHA-1, 6 digits, 30 s steps.
 * A code of the step before or after is taken too (clocks drift, people type slowly).
 */
const PERIOD_S = 30;
const WINDOW = 1;
const ISSUER = 'OshiBox';

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** 160 random bits (RFC 4226 §4 recommends them), as base32 for the URI. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step a right code belongs to, or null; the caller refuses a step already used. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code of a given instant: what the authenticator app shows (tests compute it like the app). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret, '').generate({ timestamp: at.getTime() });
}
