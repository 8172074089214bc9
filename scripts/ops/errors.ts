import { CatalogueImportError } from '../../api/ops/catalogue-import.ts';
import { DomainError } from '../../api/http/errors.ts';
import type { ShipmentReport } from '../../api/billing/shipments.ts';
import { formatCatalogueProblem } from '../../shared/catalogue-import-problems.ts';

/** An operator reads what went wrong in both languages, with every problem of a file listed. */
export function describeOpsError(error: unknown): string {
  if (error instanceof CatalogueImportError) {
    return [`${error.text.ja} / ${error.text.en}`, ...error.problems.map((p) => `  - ${formatCatalogueProblem(p)}`)].join('\n');
  }
  if (error instanceof DomainError) return `${error.text.ja} / ${error.text.en}`;
  return `failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
}

/** The API's error body (api/http/errors.ts) as the same lines. */
export function describeErrorBody(status: number, body: unknown): string {
  const b = (body ?? {}) as { message?: string; messageEn?: string; fields?: Record<string, { ja: string; en: string }> };
  const head = b.message ? `${b.message} / ${b.messageEn ?? ''}` : `the API answered ${status}`;
  const fields = Object.entries(b.fields ?? {}).map(([path, text]) => `  - ${path}: ${text.ja} / ${text.en}`);
  return [head, ...fields].join('\n');
}

/**
 * A shipment file succeeds only if every line it names is applied (now or by an earlier import):
 * a refused line is a box that did not move, so the command exits non-zero with each reason.
 */
export function describeRefusedLines(report: ShipmentReport): string | undefined {
  if (report.refused.length === 0) return undefined;
  const head = `${report.refused.length} of ${report.lines} lines refused (${report.applied} applied, ${report.alreadyApplied} already applied):`;
  return [head, ...report.refused.map((r) => `  - ${r.reasonEn}\n    ${r.reason}`)].join('\n');
}
