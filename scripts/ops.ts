// Operator commands: `npm run ops -- <command>` (`node dist/ops.js <command>` in the image).
// With DATABASE_URL they work on PostgreSQL directly; on the embedded database (a second process
// cannot open PGlite) they ask the running API's operator endpoint with the operator token
// (OPS_TOKEN, or the file the API keeps at OPS_TOKEN_FILE).
import { readFileSync, statSync } from 'node:fs';
import type { BillingProgress } from '../api/billing/run-billing.ts';
import type { OpsCommand, OpsResult } from '../api/ops/ops-commands.ts';
import { loadConfig } from '../server/env.server.ts';
import { parseArgs, toCommand, USAGE, UsageError } from './ops/args.ts';
import { catalogueMediaFiles } from './ops/catalogue-media-files.ts';
import { describeRefusedLines } from './ops/errors.ts';
import { runDirect } from './ops/direct.ts';
import { runRemote } from './ops/remote.ts';
import { progressPrinter } from './ops/progress.ts';

const MAX_FILE_BYTES = 5_000_000;

function read(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new UsageError(`${path} is ${size} bytes; the limit is ${MAX_FILE_BYTES}`);
  return readFileSync(path, 'utf8');
}

async function main(): Promise<number> {
  let command: OpsCommand;
  try {
    const request = parseArgs(process.argv.slice(2));
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
  if (result && 'nothingCharged' in result) console.error(`Nothing charged: ${result.nothingCharged}`);
  const refused = result && 'refused' in result ? describeRefusedLines(result) : undefined;
  if (refused) console.error(refused);
  return refused ? 1 : 0;
}

process.exitCode = await main();
