import { describe, expect, it } from 'vitest';
import { boxIsUnlocked, boxUnlockAt, milestonesOf, parseCodeList, sniffBonusFile, type VaultBox } from '../../shared/vault.ts';

/** Issue 33: when a box's 特典 open (shared/vault.ts), what a file is by its bytes, and a pasted code list. */
const SHIP = new Date('2026-12-25T01:00:00Z');
const DAY = 86_400_000;
const box = (over: Partial<VaultBox>): VaultBox => ({ paymentStatus: 'WAITING', shippedAt: null, deliveredAt: null, roundShipDate: SHIP, refunded: false, ...over });

describe('boxUnlockAt', () => {
  it('opens at delivery, whatever the days', () => {
    const delivered = new Date(SHIP.getTime() + DAY);
    expect(boxUnlockAt(box({ paymentStatus: 'DELIVERED', shippedAt: SHIP, deliveredAt: delivered }), 7)).toEqual(delivered);
  });

  it('opens the set days after shipping when no delivery record comes, or after the ship date when no shipment record either', () => {
    const shipped = new Date(SHIP.getTime() + 2 * DAY);
    expect(boxUnlockAt(box({ paymentStatus: 'COMPLETEMAIL', shippedAt: shipped }), 7)).toEqual(new Date(shipped.getTime() + 7 * DAY));
    expect(boxUnlockAt(box({}), 3)).toEqual(new Date(SHIP.getTime() + 3 * DAY));
    expect(boxIsUnlocked(box({}), 3, new Date(SHIP.getTime() + 3 * DAY - 1))).toBe(false);
    expect(boxIsUnlocked(box({}), 3, new Date(SHIP.getTime() + 3 * DAY))).toBe(true);
  });

  it('never opens a box not paid, nor one refunded before it shipped; a refunded box that shipped still opens', () => {
    for (const paymentStatus of ['BEFORE', 'ERROR', 'CANCEL'] as const) expect(boxUnlockAt(box({ paymentStatus }), 7)).toBeNull();
    expect(boxUnlockAt(box({ refunded: true }), 7)).toBeNull();
    expect(boxUnlockAt(box({ paymentStatus: 'SHIPSTART', shippedAt: SHIP, refunded: true }), 7)).not.toBeNull();
  });
});

describe('milestonesOf', () => {
  it('lists the milestones reached and the next one', () => {
    expect(milestonesOf(7, [12, 6, 24, 6])).toEqual({ reached: [6], next: 12 });
    expect(milestonesOf(24, [6, 12, 24])).toEqual({ reached: [6, 12, 24], next: null });
    expect(milestonesOf(0, [6])).toEqual({ reached: [], next: 6 });
  });
});

describe('sniffBonusFile', () => {
  it('knows pictures, PDFs and audio by their first bytes, and nothing else', () => {
    expect(sniffBonusFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.contentType).toBe('image/png');
    expect(sniffBonusFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.kind).toBe('image');
    expect(sniffBonusFile(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffBonusFile(Buffer.from('%PDF-1.7\n'))?.kind).toBe('pdf');
    expect(sniffBonusFile(Buffer.from('ID3\x04\0\0'))?.contentType).toBe('audio/mpeg');
    expect(sniffBonusFile(Buffer.from('\0\0\0\x20ftypM4A \0'))?.contentType).toBe('audio/mp4');
    expect(sniffBonusFile(Buffer.from('RIFF\0\0\0\0WAVEfmt '))?.contentType).toBe('audio/wav');
    expect(sniffBonusFile(Buffer.from('OggS\0'))?.kind).toBe('audio');
    expect(sniffBonusFile(Buffer.from('MZ\x90\0'))).toBeNull();
    expect(sniffBonusFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffBonusFile(Buffer.alloc(0))).toBeNull();
  });
});

describe('parseCodeList', () => {
  it('takes one code a line, skips blank lines and refuses a code twice or an empty list', () => {
    expect(parseCodeList('A-1\r\n\n  A-2  \n')).toEqual({ codes: ['A-1', 'A-2'] });
    expect(parseCodeList('A-1\nA-1')).toMatchObject({ error: { ja: expect.stringContaining('A-1') } });
    expect(parseCodeList('\n \n')).toHaveProperty('error');
    expect(parseCodeList('コード')).toHaveProperty('error');
  });
});
