import { readFile } from 'node:fs/promises';

/** A process's CPU time (user + system) so far, in µs, from /proc/<pid>/stat (Linux). */
export async function cpuMicros(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name; in clock ticks (100 Hz here).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
