import type { ApiContext } from '../context.ts';
import { billingOptionsOf } from '../billing/billing-options.ts';
import { explainNothingCharged } from '../billing/nothing-due.ts';
import { runBilling, type BillingProgress, type BillingSummary } from '../billing/run-billing.ts';
import { importShipments, type ShipmentMode, type ShipmentReport } from '../billing/shipments.ts';
import { BadRequestError } from '../http/errors.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { importCatalogue, type CatalogueImportReport } from './catalogue-import.ts';
import type { CatalogueMediaFile } from './catalogue-media.ts';
import type { StaffInvite, StaffRole } from '../../shared/staff-roles.ts';
import { inviteStaff, resetSecondFactorOf } from '../staff/staff-setup.service.ts';
import { StaffAddInput, StaffResetInput } from '../../shared/staff-rules.ts';
import { parseInput } from '../http/validate.ts';
import { rotateStaffSecretKey, type KeyRotationReport } from '../staff/rotate-secret-key.ts';

/**
 * The operator commands (`npm run ops -- …`), run the same way whether the command line works on
 * PostgreSQL directly or asks the running API through its operator endpoint (PGlite).
 */
export type OpsCommand =
  | { name: 'billing'; round?: number | undefined; now?: string | undefined }
  | { name: 'shipments'; mode: ShipmentMode; csv: string; early?: boolean }
  | { name: 'catalogue'; file: unknown; media?: CatalogueMediaFile[] }
  | { name: 'staff'; email: string; role: StaffRole }
  | { name: 'staffReset'; email: string }
  | { name: 'staffRotateKey' };

/** The command's summary: with `nothingCharged` when no charge was reserved, saying why and what comes next. */
export type BillingCommandSummary = BillingSummary & { nothingCharged?: string };

export type OpsResult = BillingCommandSummary | ShipmentReport | CatalogueImportReport | StaffInvite | KeyRotationReport;

/** The audit trail's name for whoever runs `npm run ops` (the operator token proves no person). */
const OPERATOR = { staffId: null, staffEmail: '(operator)', clientAddress: 'ops', requestId: null };

const opsError = (ja: string, en: string) => new BadRequestError({ ja, en });

/**
 * The test clock: `--now` runs what would be due at that instant. Only the sandbox may be
 * rehearsed on, since a real gateway would charge real cards ahead of time.
 */
export function withTestClock(ctx: ApiContext, now: string | undefined): ApiContext {
  if (now === undefined) return ctx;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(now) || Number.isNaN(Date.parse(now))) {
    throw opsError('--now は 2026-12-01T00:00:00+09:00 のような日時で指定してください。', '--now must be a date-time with an offset, like 2026-12-01T00:00:00+09:00.');
  }
  if (!paymentProviderOf(ctx).testMode) {
    throw opsError('--now（テスト用の時計）はテストモードの決済（サンドボックスまたは Stripe のテストキー）でのみ使えます。', '--now (the test clock) is allowed only with a test-mode payment provider (the sandbox or a Stripe test key).');
  }
  const fixed = new Date(now);
  // The sandbox keeps its records on the shop's clock: a new one on the test clock. Another
  // gateway (Stripe in test mode) is the same one: charges still go to it.
  const provider = paymentProviderOf(ctx);
  return { ...ctx, now: () => fixed, paymentProvider: provider.name === 'sandbox' ? undefined : provider };
}

export async function runOpsCommand(ctx: ApiContext, command: OpsCommand, onProgress?: (p: BillingProgress) => void): Promise<OpsResult> {
  switch (command.name) {
    case 'billing': {
      const clocked = withTestClock(ctx, command.now);
      const scope = command.round === undefined ? {} : { roundId: command.round };
      const summary = await runBilling(clocked, billingOptionsOf(ctx), scope, onProgress);
      const nothingCharged = await explainNothingCharged(ctx.db, summary, scope);
      return nothingCharged === undefined ? summary : { ...summary, nothingCharged };
    }
    case 'shipments':
      return importShipments(ctx, command.csv, command.mode, { early: command.early === true });
    case 'catalogue':
      return importCatalogue(ctx.db, command.file, { now: ctx.now(), media: command.media ?? [] });
    case 'staff': {
      const input = parseInput(StaffAddInput, { email: command.email, role: command.role }, 'body');
      return inviteStaff(ctx, OPERATOR, input);
    }
    case 'staffReset': {
      const { email } = parseInput(StaffResetInput, { email: command.email }, 'body');
      return resetSecondFactorOf(ctx, OPERATOR, email);
    }
    case 'staffRotateKey':
      return rotateStaffSecretKey(ctx, OPERATOR);
  }
}
