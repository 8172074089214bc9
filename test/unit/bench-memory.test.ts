import { describe, expect, it } from 'vitest';
import { lastThird, slopePer100k } from '../../scripts/bench/memory-figures.ts';
import { breakdownOf } from '../../scripts/bench/process-memory.ts';

const MiB = 2 ** 20;

/** One smaps entry: the header line and its Rss line (the fields the reader uses). */
const mapping = (start: number, end: number, perms: string, inode: number, name: string, rssKb: number): string =>
  `${start.toString(16)}-${end.toString(16)} ${perms} 00000000 00:00 ${inode}   ${name}\nSize: ${(end - start) / 1024} kB\nRss: ${rssKb} kB\n`;

describe('breakdownOf (bench memory, /proc/<pid>/smaps)', () => {
  it('counts the read-write mapping right below a 4 GiB-or-larger reservation as WASM linear memory', () => {
    const base = 0x7f0000000000;
    const smaps = [
      mapping(base - 0x400000, base - 0x200000, 'r-xp', 1234, '/usr/bin/node', 2048),
      mapping(base - 0x100000, base, 'rw-p', 0, '', 512), // anonymous, but not below a reservation
      mapping(base, base + 184 * MiB, 'rw-p', 0, '', 150 * 1024), // the linear memory
      mapping(base + 184 * MiB, base + 184 * MiB + 8 * 1024 * MiB, '---p', 0, '', 0), // its reservation
      mapping(base + 9 * 1024 * MiB, base + 9 * 1024 * MiB + 64 * MiB, 'rw-p', 0, '', 60 * 1024), // JS heap
    ].join('');
    expect(breakdownOf(smaps)).toEqual({ rss: (2048 + 512 + 150 * 1024 + 60 * 1024) * 1024, wasm: 150 * MiB, anon: (512 + 60 * 1024) * 1024, file: 2 * MiB });
  });

  it('finds no WASM memory in a process without one', () => {
    const smaps = mapping(0x1000000, 0x2000000, 'rw-p', 0, '[heap]', 4096) + mapping(0x3000000, 0x3100000, 'r--p', 77, '/lib/libc.so.6', 1024);
    expect(breakdownOf(smaps)).toEqual({ rss: 5 * MiB, wasm: 0, anon: 4 * MiB, file: MiB });
  });
});

describe('slopePer100k (the “flat over the last third” trend)', () => {
  it('is the least-squares slope in bytes per 100k requests, over the samples after two thirds', () => {
    const samples = Array.from({ length: 31 }, (_, i) => ({ requests: i * 10_000, rss: 300 * MiB + (i % 2 ? MiB : -MiB) + (i >= 20 ? (i - 20) * 0.5 * MiB : 0) }));
    const third = lastThird(samples, 300_000);
    expect(third.map((s) => s.requests)).toEqual([210_000, 220_000, 230_000, 240_000, 250_000, 260_000, 270_000, 280_000, 290_000, 300_000]);
    // +0.5 MiB per 10k under a ±1 MiB sawtooth: +5 MiB per 100k, give or take the sawtooth's 0.6.
    expect(Math.abs(slopePer100k(third) / MiB - 5)).toBeLessThan(0.7);
    expect(Math.abs(slopePer100k(samples.slice(0, 20)) / MiB)).toBeLessThan(0.7);
    expect(slopePer100k(third.map((s, i) => ({ ...s, rss: 300 * MiB + i * 1024 })))).toBeCloseTo((1024 * 100_000) / 10_000, 6);
  });
});
