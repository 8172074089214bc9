import { isStaffRole, type StaffListEntry, type StaffMember, type StaffRole } from '../../shared/staff-roles.ts';

/** A staff row as the API answers it; the database's check constraint keeps `role` to the four names. */
export function toMember(row: { id: number; email: string; role: string }): StaffMember {
  return { id: row.id, email: row.email, role: roleOf(row.role) };
}

export function roleOf(value: string): StaffRole {
  if (!isStaffRole(value)) throw new Error(`unknown staff role in the database: ${value.slice(0, 20)}`);
  return value;
}

export function toListEntry(row: { id: number; email: string; role: string; enrolled_at: Date | null; disabled_at: Date | null; created_at: Date }): StaffListEntry {
  return { ...toMember(row), enrolled: row.enrolled_at !== null, disabled: row.disabled_at !== null, createdAt: row.created_at.toISOString() };
}
