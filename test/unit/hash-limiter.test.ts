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
    const limiter = createHashLimiter({ concurrency: 2, queue: 1, waitMs: 5_000 });
    const g = gate();
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await g.promise;
      running -= 1;
    };
    const runs = [limiter.run(task), limiter.run(task), limiter.run(task)];
    expect(limiter.active).toBe(2);
    expect(limiter.queued).toBe(1);
    const refused = await limiter.run(task).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(503);
    expect((refused as DomainError).code).toBe('BUSY');
    g.open();
    await Promise.all(runs);
    expect(peak).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('gives up on a queued task after the wait deadline', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 5, waitMs: 50 });
    const g = gate();
    const first = limiter.run(() => g.promise);
    await expect(limiter.run(async () => 'late')).rejects.toMatchObject({ code: 'BUSY' });
    expect(limiter.queued).toBe(0);
    g.open();
    await first;
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});

describe('password hash', () => {
  it('verifies the right password only, and stores its parameters', async () => {
    const stored = await hashPassword('secret123');
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(await verifyPassword('secret123', stored)).toBe(true);
    expect(await verifyPassword('secret124', stored)).toBe(false);
    expect(await hashPassword('secret123')).not.toBe(stored);
  });

  it('treats a malformed or over-costly hash as a mismatch, without throwing', async () => {
    expect(await verifyPassword('x', 'scrypt$known-salt$known-hash-value')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$N=1048576,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$' + 'a'.repeat(43))).toBe(false);
  });
});
