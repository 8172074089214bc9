import { readFile } from 'node:fs/promises';

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (Linux; one read, a few ms):
 * - `wasm`: WebAssembly linear memory (PGlite's Postgres heap: shared_buffers, caches, work
 *   memory). V8 reserves 8 GiB or more of address space per memory and makes the used part
 *   readable, which splits it into a read-write mapping just below the inaccessible rest: the
 *   read-write mapping right before a 4 GiB-or-larger `---p` one is the memory.
 * - `anon`: every other anonymous mapping (V8's JS heap, malloc: Buffers, sockets, compiled code).
 * - `file`: mapped files (node itself, shared libraries).
 */
export interface MemoryBreakdown {
  rss: number;
  wasm: number;
  anon: number;
  file: number;
}

const RESERVATION_BYTES = 4 * 2 ** 30;

interface Mapping {
  start: number;
  end: number;
  perms: string;
  file: boolean;
  rss: number;
}

function mappingsOf(smaps: string): Mapping[] {
  const maps: Mapping[] = [];
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      // A mapping with an inode is a file; [heap], [stack] and unnamed ones are anonymous.
      maps.push({ start: parseInt(head[1]!, 16), end: parseInt(head[2]!, 16), perms: head[3]!, file: head[4] !== '0', rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps[maps.length - 1];
    if (rss && last) last.rss = Number(rss[1]) * 1024;
  }
  return maps;
}

export function breakdownOf(smaps: string): MemoryBreakdown {
  const maps = mappingsOf(smaps);
  const out: MemoryBreakdown = { rss: 0, wasm: 0, anon: 0, file: 0 };
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    const isWasm = m.perms.startsWith('rw') && !m.file && next !== undefined && next.start === m.end && next.perms.startsWith('---') && next.end - next.start >= RESERVATION_BYTES;
    out.rss += m.rss;
    if (isWasm) out.wasm += m.rss;
    else if (m.file) out.file += m.rss;
    else out.anon += m.rss;
  });
  return out;
}

export async function memoryBreakdown(pid: number): Promise<MemoryBreakdown> {
  return breakdownOf(await readFile(`/proc/${pid}/smaps`, 'utf8'));
}

export const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

export function describeBreakdown(b: MemoryBreakdown): string {
  return `${mib(b.rss)} MiB: ${b.wasm > 0 ? `WASM linear memory ${mib(b.wasm)}, ` : ''}other anonymous (JS heap, malloc, code) ${mib(b.anon)}, files ${mib(b.file)}`;
}
