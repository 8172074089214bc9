import * as z from 'zod/mini';
import { CONFIRM_RULE, ConfirmField, EmailField, NewPasswordField, PasswordField, confirmMatches } from './account-rules.ts';
import type { MessageKey } from './field-errors.ts';
import { STAFF_ROLES } from './staff-roles.ts';

/**
 * The staff console's form rules (issue 19), shared by the console's forms and the API. Passwords
 * follow the shoppers' rule (shared/account-rules.ts); `otp` is a 6-digit TOTP code or a recovery code.
 */
const m = (key: MessageKey) => ({ error: key });

export const TOTP_DIGITS = 6;
/** Recovery codes: 10 base32 characters shown as two groups of five (`abcde-fghjk`). */
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

/** Spaces and a hyphen are what people type around codes; case does not matter. */
export function normalizeOtp(value: string): string {
  return value.replace(/[\s\u3000]/g, '').toLowerCase();
}

export function isTotpCode(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}

export const OtpField = z.string(m('otpIncorrect')).check(
  z.overwrite(normalizeOtp),
  z.refine((v: string) => isTotpCode(v) || RECOVERY_CODE.test(v), m('otpIncorrect')),
);

/** Enrolment proves the authenticator app works, so only a TOTP code is taken there. */
export const TotpField = z.string(m('otpIncorrect')).check(z.overwrite(normalizeOtp), z.refine(isTotpCode, m('otpIncorrect')));

export const StaffRoleField = z.enum(STAFF_ROLES, m('staffRoleInvalid'));

export const StaffLoginInput = z.strictObject({ email: EmailField, password: PasswordField, otp: OtpField });

export const StaffSetupInput = z
  .strictObject({ password: NewPasswordField, passwordConfirm: ConfirmField, otp: TotpField })
  .check(z.refine(confirmMatches, CONFIRM_RULE));

export const StaffAddInput = z.strictObject({ email: EmailField, role: StaffRoleField });

/** `npm run ops -- staff reset <email>`: a member's lost second factor, when no other owner can reset it. */
export const StaffResetInput = z.strictObject({ email: EmailField });

export const StaffChangeInput = z
  .strictObject({ role: z.optional(StaffRoleField), disabled: z.optional(z.boolean(m('fieldInvalid'))) })
  .check(z.refine((v) => v.role !== undefined || v.disabled !== undefined, m('nothingToChange')));

/** The owner's Staff page (client/admin/routes/staff.tsx): which of its forms was sent. */
export const StaffPageIntent = z.enum(['add', 'role', 'disable', 'enable', 'reset']);
export type StaffPageIntent = z.infer<typeof StaffPageIntent>;
export const StaffIdField = z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647));
