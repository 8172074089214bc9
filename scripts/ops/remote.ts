import type { BillingProgress } from '../../api/billing/run-billing.ts';
import type { OpsCommand, OpsResult } from '../../api/ops/ops-commands.ts';
import type { Config } from '../../shared/config.ts';
import { OpsTokenFileError, readOpsTokenFile } from '../../api/ops/ops-token-file.ts';
import { describeErrorBody } from './errors.ts';

/** Imports answer within this; billing streams progress and may take longer, but never goes quiet this long. */
const QUIET_LIMIT_MS = 5 * 60_000;

/** Every call is JSON (the endpoint refuses anything a browser could post from another site). */
function requestOf(command: OpsCommand): { path: string; body: string } {
  if (command.name === 'billing') return { path: '/ops/billing', body: JSON.stringify({ round: command.round, now: command.now }) };
  if (command.name === 'shipments') {
    return { path: `/ops/shipments/${command.mode === 'shipped' ? 'import' : 'delivered'}`, body: JSON.stringify({ csv: command.csv, early: command.early }) };
  }
  if (command.name === 'staff') return { path: '/ops/staff', body: JSON.stringify({ email: command.email, role: command.role }) };
  if (command.name === 'staffReset') return { path: '/ops/staff/reset', body: JSON.stringify({ email: command.email }) };
  if (command.name === 'staffRotateKey') return { path: '/ops/staff/rotate-key', body: '{}' };
  const file = typeof command.file === 'string' ? command.file : JSON.stringify(command.file);
  if (command.media && command.media.length > 0) return { path: '/ops/catalogue/with-media', body: JSON.stringify({ file, media: command.media }) };
  return { path: '/ops/catalogue', body: file };
}

/** The operator token the API has (OPS_TOKEN, or the file it keeps), or why there is none. */
export async function operatorToken(config: Config): Promise<string | { error: string }> {
  try {
    if (config.OPS_TOKEN) return config.OPS_TOKEN;
    if (config.OPS_TOKEN_FILE) return await readOpsTokenFile(config.OPS_TOKEN_FILE);
    return { error: 'no operator token: with DATA_DIR=memory:// set OPS_TOKEN (as the shop has it)' };
  } catch (error) {
    if (error instanceof OpsTokenFileError) return { error: error.message };
    throw error;
  }
}

/** On the embedded database: the running API does the work (its operator endpoint, api/ops/ops.router.ts). */
export async function runRemote(config: Config, command: OpsCommand, onProgress: (p: BillingProgress) => void): Promise<{ result?: OpsResult; error?: string }> {
  const { path, body } = requestOf(command);
  const token = await operatorToken(config);
  if (typeof token !== 'string') return token;
  const quiet = new AbortController();
  let timer = setTimeout(() => quiet.abort(), QUIET_LIMIT_MS);
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => quiet.abort(), QUIET_LIMIT_MS);
  };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  try {
    const response = await fetch(new URL(path, config.API_ORIGIN), { method: 'POST', headers, body, signal: quiet.signal });
    if (command.name !== 'billing' || !response.ok) {
      const parsed: unknown = await response.json().catch(() => null);
      return response.ok ? { result: parsed as OpsResult } : { error: describeErrorBody(response.status, parsed) };
    }
    let outcome: { result?: OpsResult; error?: string } = { error: 'the API ended the billing stream without a summary' };
    for await (const line of lines(response.body)) {
      heard();
      const message = JSON.parse(line) as { progress?: BillingProgress; summary?: OpsResult; error?: string };
      if (message.progress) onProgress(message.progress);
      if (message.summary) outcome = { result: message.summary };
      if (message.error) outcome = { error: message.error };
    }
    return outcome;
  } catch (error) {
    const reason = quiet.signal.aborted ? `no answer for ${QUIET_LIMIT_MS / 1000} s` : error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error);
    return { error: `cannot reach the shop API at ${config.API_ORIGIN} (${reason}). Start the shop (npm start), or set DATABASE_URL to work on PostgreSQL directly.` };
  } finally {
    clearTimeout(timer);
  }
}

async function* lines(body: ReadableStream<Uint8Array> | null): AsyncGenerator<string> {
  if (!body) return;
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line) yield line;
    }
  }
  if (buffered.trim()) yield buffered.trim();
}
