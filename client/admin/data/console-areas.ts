import { adminHref } from '../../../shared/admin-routes.ts';
import { can, type Permission, type StaffRole } from '../../../shared/staff-roles.ts';
import type { Text } from '../../../shared/text.ts';
import { TRANSFERS_TITLE } from '../../../shared/refund-transfer-rules.ts';

export interface ConsoleArea {
  id: string;
  /** The permission the API asks for in this area (shared/staff-roles.ts); the console only lists by it. */
  permission: Permission;
  label: Text;
  /** The area's page. */
  path: string;
}

/** The console's areas in navigation order (issue 19, "What the console does"). */
export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { id: 'dashboard', permission: 'dashboard.read', label: { ja: 'ダッシュボード', en: 'Dashboard' }, path: adminHref('home') },
  { id: 'catalogue', permission: 'catalogue.write', label: { ja: 'カタログ', en: 'Catalogue' }, path: adminHref('catalogue') },
  { id: 'customers', permission: 'customers.read', label: { ja: '会員・定期便', en: 'Customers' }, path: adminHref('customers') },
  // Support's and the owner's (docs/decisions/0079-order-list.md): fulfilment sees names only in its shipping lists.
  { id: 'orders', permission: 'customers.read', label: { ja: '注文一覧', en: 'Orders' }, path: adminHref('orders') },
  { id: 'rounds', permission: 'shipping', label: { ja: '号・出荷', en: 'Rounds & shipping' }, path: adminHref('rounds') },
  { id: 'billing', permission: 'refunds', label: { ja: '決済', en: 'Billing' }, path: adminHref('billing') },
  { id: 'refundTransfers', permission: 'refunds', label: TRANSFERS_TITLE, path: adminHref('refundTransfers') },
  // Sales and tax figures for accounting are the owner's alone: no other role holds `reports.read`.
  { id: 'reports', permission: 'reports.read', label: { ja: '会計レポート', en: 'Reports' }, path: adminHref('reports') },
  { id: 'staff', permission: 'staff.manage', label: { ja: 'スタッフ', en: 'Staff' }, path: adminHref('staff') },
  { id: 'audit', permission: 'audit.read', label: { ja: '監査ログ', en: 'Audit trail' }, path: adminHref('audit') },
];

export function areasFor(role: StaffRole): ConsoleArea[] {
  return CONSOLE_AREAS.filter((area) => can(role, area.permission));
}
