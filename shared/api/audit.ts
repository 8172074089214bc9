/** One row of the audit trail as the staff API answers it (GET /api/staff/audit, issue 19). */
export interface AuditEntryView {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  requestId: string | null;
  outcome: string;
}
