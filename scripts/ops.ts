// Operator commands: `npm run ops -- <command>` (built: scripts/ops-built.mjs runs dist/ops.js, as
// `node dist/ops.js <command>` does in the image).
// With DATABASE_URL they work on PostgreSQL directly; on the embedded database (a second process
// cannot open PGlite) they ask the running API's operator endpoint with the operator token
// (OPS_TOKEN, or the file the API keeps at OPS_TOKEN_FILE).
import { readFileSync, statSync } from 'node:fs';
import type { BillingProgress } from '../api/billing/run-billing.ts';
import type { OpsCommand, OpsResult } from '../api/ops/ops-commands.ts';
import { decodeCsvFile } from '../api/shipping/csv-text.ts';
import { loadConfig } from '../server/env.server.ts';
import { parseArgs, toCommand, USAGE, UsageError, type OpsRequest } from './ops/args.ts';
import { exportToFile, runExport, type ExportRequest } from './ops/export.ts';
import { catalogueMediaFiles } from './ops/catalogue-media-files.ts';
import { describeRefusedLines } from './ops/errors.ts';
import { describeBilling } from './ops/billing-summary.ts';
import { runDirect } from './ops/direct.ts';
import { runRemote } from './ops/remote.ts';
import { progressPrinter } from './ops/progress.ts';

const MAX_FILE_BYTES = 5_000_000;

/** A file saved on Windows (Shift_JIS, as Excel writes the shipping list back) is read as such. */
function read(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new UsageError(`${path} is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
  return decodeCsvFile(readFileSync(path));
}

/** The CSV goes to `--out` (or stdout); only a failure is written to stderr. */
async function exportRoundFile(request: ExportRequest, out: string | undefined): Promise<number> {
  const error = out === undefined ? await runExport(loadConfig(), request, process.stdout) : await exportToFile(loadConfig(), request, out);
  if (error) console.error(error);
  return error ? 1 : 0;
}

async function main(): Promise<number> {
  let command: OpsCommand;
  let request: OpsRequest;
  try {
    request = parseArgs(process.argv.slice(2));
    if (request.name === 'export') return await exportRoundFile(request, request.out);
    command = toCommand(request, read);
    if (command.name === 'catalogue' && request.name === 'catalogue' && typeof command.file === 'string') {
      command.media = catalogueMediaFiles(request.path, command.file);
    }
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const onProgress: (p: BillingProgress) => void = progressPrinter(process.stderr);
  const outcome: { result?: OpsResult; error?: string } = config.DATABASE_URL
    ? await runDirect(config, command, onProgress)
    : await runRemote(config, command, onProgress);
  if (outcome.error) {
    console.error(outcome.error);
    return 1;
  }
  // One JSON line: the summary a script or a log collector reads.
  console.log(JSON.stringify(outcome.result));
  const result = outcome.result;
  // The link is the point of `staff add`: said plainly, for the person who hands it on.
  if (result && 'setupUrl' in result) console.error(`Setup link for ${result.member.email} (${result.member.role}), valid until ${result.expiresAt}:\n${result.setupUrl}`);
  if (command.name === 'billing' && result && 'reserved' in result) console.error(describeBilling(result));
  if (result && 'nothingCharged' in result) console.error(`Nothing charged: ${result.nothingCharged}`);
  const refused = result && 'refused' in result ? describeRefusedLines(result) : undefined;
  if (refused) console.error(refused);
  if (result && 'unreadable' in result && result.unreadable.length > 0) {
    console.error(`Neither STAFF_SECRET_KEY nor STAFF_SECRET_KEY_PREVIOUS opens the second factor of staff ${result.unreadable.join(', ')}: check the keys, or run \`staff reset <email>\` for them.`);
    return 1;
  }
  return refused ? 1 : 0;
}

process.exitCode = await main();
