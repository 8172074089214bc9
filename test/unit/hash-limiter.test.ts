import { describe, expect, it } from 'vitest';
import { createHashLimiter } from '../../api/password/hash-limiter.ts';
import { DomainError } from '../../api/http/errors.ts';
import { hashPassword, verifyPassword } from '../../api/password/password-hash.ts';

const gate = () => {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
};

describe('hash limiter', () => {
  it('runs at most `concurrency` tasks at once, queues the rest, refuses past the queue with 503 BUSY', async () => {
    const limiter = createHashLimiter({ concurrency: 2, queue: 1, waitMs: 5_000, perKey: { running: 2, inFlight: 9 } });
    const g = gate();
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await g.promise;
      running -= 1;
    };
    const runs = [limiter.run('a', task), limiter.run('b', task), limiter.run('c', task)];
    expect(limiter.active).toBe(2);
    expect(limiter.queued).toBe(1);
    const refused = await limiter.run('d', task).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(503);
    expect((refused as DomainError).code).toBe('BUSY');
    g.open();
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('gives up on a queued task after the wait deadline', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 5, waitMs: 50, perKey: { running: 1, inFlight: 3 } });
    const g = gate();
    const first = limiter.run('a', () => g.promise);
    await expect(limiter.run('b', async () => 'late')).rejects.toMatchObject({ code: 'BUSY' });
    expect(limiter.queued).toBe(0);
    g.open();
    await first;
    expect(await limiter.run('b', async () => 'next')).toBe('next');
  });

  it('is fair per key: one key runs one task and holds at most 3 places, the rest refused at once with 429', async () => {
    const limiter = createHashLimiter({ concurrency: 4, queue: 64, waitMs: 5_000, perKey: { running: 1, inFlight: 3 } });
    const g = gate();
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
      await g.promise;
    };
    const burst = Array.from({ length: 100 }, (_, i) => limiter.run('attacker', task(`a${i}`)).then(() => 'done', (e: unknown) => e));
    expect(limiter.active).toBe(1);
    expect(limiter.queued).toBe(2);
    // Another key starts at once, ahead of the burst's queued tasks.
    const other = limiter.run('shopper', task('shopper'));
    await expect.poll(() => started).toEqual(['a0', 'shopper']);
    g.open();
    await other;
    const results = await Promise.all(burst);
    expect(results.filter((r) => r === 'done')).toHaveLength(3);
    const refused = results.filter((r): r is DomainError => r instanceof DomainError);
    expect(refused).toHaveLength(97);
    expect(new Set(refused.map((e) => `${e.status} ${e.code}`))).toEqual(new Set(['429 RATE_LIMITED']));
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
    // Its places are free again once its tasks have run.
    expect(await limiter.run('attacker', async () => 'again')).toBe('again');
  });
});

describe('password hash', () => {
  it('verifies the right password only, and stores its parameters', async () => {
    const stored = await hashPassword('client', 'secret123');
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(await verifyPassword('client', 'secret123', stored)).toBe(true);
    expect(await verifyPassword('client', 'secret124', stored)).toBe(false);
    expect(await hashPassword('client', 'secret123')).not.toBe(stored);
  });

  it('treats a malformed or over-costly hash as a mismatch, without throwing', async () => {
    expect(await verifyPassword('client', 'x', 'scrypt$known-salt$known-hash-value')).toBe(false);
    expect(await verifyPassword('client', 'x', 'scrypt$N=1048576,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$' + 'a'.repeat(43))).toBe(false);
  });
});
