import type { Text } from './text.ts';

/**
 * Staff roles and what each may do (issue 19). The API checks `can` on every staff call
 * (api/staff/require-staff.ts); the console only uses it to hide what would be refused anyway.
 */
export const STAFF_ROLES = ['owner', 'catalogue', 'support', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'settings',
  'reports.read',
  'dashboard.read',
  'catalogue.write',
  'customers.read',
  'customers.act',
  'refunds',
  'shipping',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  catalogue: ['dashboard.read', 'catalogue.write'],
  support: ['dashboard.read', 'customers.read', 'customers.act', 'refunds'],
  // Fulfilment sees names and addresses only through the shipping lists of the boxes it ships.
  fulfilment: ['dashboard.read', 'shipping'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

export const ROLE_LABELS: Record<StaffRole, Text> = {
  owner: { ja: 'オーナー', en: 'Owner' },
  catalogue: { ja: 'カタログ担当', en: 'Catalogue' },
  support: { ja: 'サポート担当', en: 'Support' },
  fulfilment: { ja: '出荷担当', en: 'Fulfilment' },
};

/** A staff member as the API answers it (login, me, the owner's member list). */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
}

/** The owner's list also says whether the member has enrolled and whether they are disabled. */
export interface StaffListEntry extends StaffMember {
  enrolled: boolean;
  disabled: boolean;
  createdAt: string;
}

/** What adding a member answers: the one-time setup link (shown once, valid 24 h). */
export interface StaffInvite {
  member: StaffListEntry;
  setupUrl: string;
  expiresAt: string;
}
