import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';

/**
 * One shop process started as a deployment file says (`node dist/main.js <args>` with its
 * settings), its log in a file, and the small HTTP and exit waits the start-up check needs.
 * Every wait has a deadline.
 */
export interface RoleProcess {
  child: ChildProcess;
  label: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRole(repo: string, label: string, args: string[], env: Record<string, string>, logFile: string): RoleProcess {
  const log = createWriteStream(logFile, { flags: 'a' });
  // Only the file's settings and PATH: nothing of this shell (a DATABASE_URL, say) leaks in, as in a container.
  const child = spawn(process.execPath, ['dist/main.js', ...args], { cwd: repo, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, label, exited };
}

/** GET url → the status, 0 when nothing answers within 5 s. */
export async function statusOf(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
  await response?.arrayBuffer().catch(() => undefined);
  return response?.status ?? 0;
}

/** Until url answers 200, the process is gone, or `seconds` pass. */
export async function waitFor200(proc: RoleProcess, url: string, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) return false;
    if ((await statusOf(url)) === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** SIGTERM, then the exit within `graceSeconds` (else SIGKILL, as the platform would). */
export async function stopRole(proc: RoleProcess, graceSeconds: number): Promise<{ code: number | null; seconds: number; killed: boolean }> {
  const started = performance.now();
  proc.child.kill('SIGTERM');
  const timer = new Promise<null>((resolve) => setTimeout(() => resolve(null), graceSeconds * 1000).unref());
  const result = await Promise.race([proc.exited, timer]);
  if (result === null) {
    proc.child.kill('SIGKILL');
    await proc.exited;
    return { code: null, seconds: graceSeconds, killed: true };
  }
  return { code: result.code, seconds: (performance.now() - started) / 1000, killed: false };
}

/** `count` free loopback ports, held together while chosen so that they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise<net.Server>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  })));
  const ports = servers.map((s) => { const a = s.address(); return typeof a === 'object' && a ? a.port : 0; });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
