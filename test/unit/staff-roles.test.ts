import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../scripts/ops/args.ts';
import { StaffLoginInput } from '../../shared/staff-rules.ts';
import { PERMISSIONS, STAFF_ROLES, can, type Permission, type StaffRole } from '../../shared/staff-roles.ts';

/** Issue 19's roles, as the contract between the console and the API names them. */
const EXPECTED: Record<StaffRole, Permission[]> = {
  owner: [...PERMISSIONS],
  catalogue: ['dashboard.read', 'catalogue.write'],
  support: ['dashboard.read', 'customers.read', 'customers.act', 'refunds'],
  fulfilment: ['dashboard.read', 'shipping'],
};

describe('can', () => {
  it.each(STAFF_ROLES)('grants %s exactly its work', (role) => {
    expect(PERMISSIONS.filter((p) => can(role, p))).toEqual(EXPECTED[role]);
  });

  it('refuses a refund to all but support and owner, and a price change to all but catalogue and owner', () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'refunds'))).toEqual(['owner', 'support']);
    expect(STAFF_ROLES.filter((r) => can(r, 'catalogue.write'))).toEqual(['owner', 'catalogue']);
  });
});

describe('StaffLoginInput', () => {
  const base = { email: 'a@oshibox.example', password: 'x' };
  it.each(['123456', ' 123 456 ', 'abcde-fghjk', 'ABCDEFGHJK'])('takes %j as a second factor', (otp) => {
    expect(StaffLoginInput.safeParse({ ...base, otp }).success).toBe(true);
  });
  it.each(['12345', '1234567', 'abcde-fgh1k', '', 'password'])('refuses %j', (otp) => {
    expect(StaffLoginInput.safeParse({ ...base, otp }).success).toBe(false);
  });
});

describe('npm run ops -- staff add', () => {
  it('reads the e-mail and the role', () => {
    expect(parseArgs(['staff', 'add', 'owner@oshibox.example', '--role', 'owner'])).toEqual({ name: 'staff', email: 'owner@oshibox.example', role: 'owner' });
  });
  it.each([[['staff', 'add', 'a@b.example', '--role', 'admin']], [['staff', 'add', 'a@b.example']], [['staff', 'remove', 'a@b.example', '--role', 'owner']]])('refuses %j', (argv) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
  });
});
