import type { Text } from '../../../shared/text.ts';
import type { StaffRole } from './staff-api.ts';

/**
 * Which permission each role holds, as the staff API's contract names them (issue 19). The API
 * enforces them on every call; the console only uses them to list what a member may open.
 */
const ROLE_PERMISSIONS: Record<Exclude<StaffRole, 'owner'>, readonly string[]> = {
  catalogue: ['dashboard.read', 'catalogue.write'],
  support: ['dashboard.read', 'customers.read', 'customers.act', 'refunds'],
  fulfilment: ['dashboard.read', 'shipping'],
};

export function can(role: StaffRole, permission: string): boolean {
  return role === 'owner' || ROLE_PERMISSIONS[role].includes(permission);
}

export interface ConsoleArea {
  id: string;
  permission: string;
  label: Text;
  /** The area's page, once it is built; until then the navigation names it as coming. */
  path?: string;
}

/** The console's areas in navigation order (issue 19, "What the console does"). */
export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { id: 'dashboard', permission: 'dashboard.read', label: { ja: 'ダッシュボード', en: 'Dashboard' } },
  { id: 'catalogue', permission: 'catalogue.write', label: { ja: 'カタログ', en: 'Catalogue' } },
  { id: 'customers', permission: 'customers.read', label: { ja: '会員・定期便', en: 'Customers' } },
  { id: 'rounds', permission: 'shipping', label: { ja: '号・出荷', en: 'Rounds & shipping' } },
  { id: 'billing', permission: 'refunds', label: { ja: '決済', en: 'Billing' } },
  { id: 'reports', permission: 'reports.read', label: { ja: '会計レポート', en: 'Reports' } },
  { id: 'staff', permission: 'staff.manage', label: { ja: 'スタッフ', en: 'Staff' } },
  { id: 'audit', permission: 'audit.read', label: { ja: '監査ログ', en: 'Audit trail' } },
];

export function areasFor(role: StaffRole): ConsoleArea[] {
  return CONSOLE_AREAS.filter((area) => can(role, area.permission));
}

export const ROLE_NAMES: Record<StaffRole, Text> = {
  owner: { ja: 'オーナー', en: 'Owner' },
  catalogue: { ja: 'カタログ担当', en: 'Catalogue' },
  support: { ja: 'サポート担当', en: 'Support' },
  fulfilment: { ja: '出荷担当', en: 'Fulfilment' },
};
