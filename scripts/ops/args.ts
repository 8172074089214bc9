import type { OpsCommand } from '../../api/ops/ops-commands.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../shared/staff-roles.ts';
import { isCsvEncoding, type CsvEncoding } from '../../api/shipping/csv-text.ts';
import { exportEncodingOf } from '../../api/shipping/round-export.router.ts';
import { isShippingLayout, SHIPPING_LAYOUT_IDS, type ShippingLayoutId } from '../../shared/shipping-layout-names.ts';

/** What the command line asks for; files are read by the caller. */
export type OpsRequest =
  | { name: 'billing'; round?: number; now?: string }
  | { name: 'shipments'; mode: 'shipped' | 'delivered'; path: string; early: boolean }
  | { name: 'catalogue'; path: string }
  | { name: 'staff'; email: string; role: StaffRole }
  | { name: 'staffReset'; email: string }
  | { name: 'staffRotateKey' }
  | { name: 'export'; round: number; layout: ShippingLayoutId; encoding: CsvEncoding; out?: string };

export const USAGE = `usage: npm run ops -- <command>
  billing [--round <id>] [--now <ISO time>]   charge what is due now (or at --now: sandbox rehearsals only)
  shipments import [--early] <file.csv>        columns orderHistoryId (or email + roundId), trackingNumber, carrier;
                                               --early ships rounds whose ship date has not come yet
  shipments delivered <file.csv>               columns orderHistoryId (or email + roundId)[, trackingNumber]
  shipments export --round <id> [--layout <layout>] [--encoding utf8|cp932] --out <file.csv>
                                               the round's boxes in the warehouse list (発送準備中), to fill in
                                               配送業者 and 追跡番号 and import as is (UTF-8 or Shift_JIS files);
                                               --layout ${SHIPPING_LAYOUT_IDS.filter((id) => id !== 'oshibox').join(', ')}: a carrier's
                                               software's layout, Shift_JIS unless --encoding utf8;
                                               without --out to stdout (npm prints its banner there: use --out)
  catalogue import <file.json>                 artists, plans, rounds, goods, news, banners (docs/examples/catalogue.json);
                                               each /api/media/<path> it names comes from media/<path> next to it
  staff add <email> --role <role>              a staff member (${STAFF_ROLES.join(', ')}): prints their one-time
                                               setup link on the console (ADMIN_ORIGIN), valid 24 h
  staff reset <email>                          a member who lost their second factor (even the only owner):
                                               drops their TOTP, recovery codes, password and sessions and
                                               prints a new setup link
  staff rotate-key                             seals every staff TOTP secret under STAFF_SECRET_KEY that only
                                               STAFF_SECRET_KEY_PREVIOUS opens (after every process has both keys)`;

export class UsageError extends Error {}

export function parseArgs(argv: string[]): OpsRequest {
  const [name, ...rest] = argv;
  if (name === 'billing') {
    const request: OpsRequest = { name: 'billing' };
    for (let i = 0; i < rest.length; i += 2) {
      const [flag, value] = [rest[i], rest[i + 1]];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (flag === '--round' && /^\d{1,9}$/.test(value)) request.round = Number(value);
      else if (flag === '--now') request.now = value;
      else throw new UsageError(`unknown option ${flag} ${value}`);
    }
    return request;
  }
  if (name === 'shipments' && (rest[0] === 'import' || rest[0] === 'delivered')) {
    const early = rest[0] === 'import' && rest.includes('--early');
    const files = rest.slice(1).filter((arg) => !(early && arg === '--early'));
    if (files.length === 1 && !files[0]!.startsWith('--')) return { name: 'shipments', mode: rest[0] === 'import' ? 'shipped' : 'delivered', path: files[0]!, early };
  }
  if (name === 'shipments' && rest[0] === 'export') return parseExport(rest.slice(1));
  if (name === 'catalogue' && rest[0] === 'import' && rest.length === 2) return { name: 'catalogue', path: rest[1]! };
  if (name === 'staff' && rest[0] === 'add' && rest.length === 4 && rest[2] === '--role') {
    if (!isStaffRole(rest[3])) throw new UsageError(`unknown role ${rest[3]}: use one of ${STAFF_ROLES.join(', ')}`);
    return { name: 'staff', email: rest[1]!, role: rest[3] };
  }
  if (name === 'staff' && rest[0] === 'reset' && rest.length === 2) return { name: 'staffReset', email: rest[1]! };
  if (name === 'staff' && rest[0] === 'rotate-key' && rest.length === 1) return { name: 'staffRotateKey' };
  throw new UsageError(name ? `unknown command: ${argv.join(' ')}` : 'no command given');
}

/** The console's layout names (decision 0073); an operator reads the refusal in either language. */
function unknownLayout(value: string): UsageError {
  return new UsageError(
    `--layout ${value}: レイアウトは ${SHIPPING_LAYOUT_IDS.join('、')} のいずれかを指定してください。\n` +
      `--layout ${value}: the layout is one of ${SHIPPING_LAYOUT_IDS.join(', ')}.`,
  );
}

function parseExport(options: string[]): OpsRequest {
  let round: number | undefined;
  let layout: ShippingLayoutId = 'oshibox';
  let encoding: CsvEncoding | undefined;
  let out: string | undefined;
  for (let i = 0; i < options.length; i += 2) {
    const [flag, value] = [options[i], options[i + 1]];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--round' && /^[1-9]\d{0,8}$/.test(value)) round = Number(value);
    else if (flag === '--layout') {
      if (!isShippingLayout(value)) throw unknownLayout(value);
      layout = value;
    }
    else if (flag === '--encoding' && isCsvEncoding(value)) encoding = value;
    else if (flag === '--out' && value !== '' && !value.startsWith('--')) out = value;
    else throw new UsageError(`unknown option ${flag} ${value}`);
  }
  if (round === undefined) throw new UsageError('shipments export needs --round <id>');
  // As the console: a carrier's layout is Shift_JIS unless asked otherwise, our own list UTF-8.
  const request = { name: 'export', round, layout, encoding: exportEncodingOf(layout, encoding) } as const;
  return out === undefined ? request : { ...request, out };
}

/** The command with its file read (bounded: the services refuse what is over their limits). */
export function toCommand(request: Exclude<OpsRequest, { name: 'export' }>, read: (path: string) => string): OpsCommand {
  if (request.name === 'billing') return { name: 'billing', round: request.round, now: request.now };
  if (request.name === 'shipments') return { name: 'shipments', mode: request.mode, csv: read(request.path), early: request.early };
  if (request.name === 'staff') return { name: 'staff', email: request.email, role: request.role };
  if (request.name === 'staffReset') return { name: 'staffReset', email: request.email };
  if (request.name === 'staffRotateKey') return { name: 'staffRotateKey' };
  return { name: 'catalogue', file: read(request.path) };
}
