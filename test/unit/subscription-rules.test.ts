import { describe, expect, it } from 'vitest';
import { roundCharge } from '../../shared/money.ts';
import {
  canUndo,
  deadlineLabel,
  fromIssueLabel,
  isBeforeDeadline,
  issueLabel,
  refundsCheckoutCharge,
  roundForChange,
  undoDeadline,
  undoUntilLabel,
} from '../../shared/subscription-rules.ts';

// Deadline: 2026-12-01 00:00 JST = 2026-11-30T15:00:00Z.
const NOVEMBER = { id: 1, endDate: '2026-11-30T15:00:00.000Z', shipDate: '2026-12-25T01:00:00.000Z' };
const DECEMBER = { id: 2, endDate: '2026-12-31T15:00:00.000Z', shipDate: '2027-01-24T15:30:00.000Z' };
const jst = (local: string) => new Date(`${local}+09:00`);

describe('roundForChange: the round a change applies from (Asia/Tokyo deadlines)', () => {
  it('a change at 23:59:59 JST on the last day still counts for that round', () => {
    expect(roundForChange([DECEMBER, NOVEMBER], jst('2026-11-30T23:59:59'))?.id).toBe(1);
    expect(isBeforeDeadline(NOVEMBER, jst('2026-11-30T23:59:59.999'))).toBe(true);
  });

  it('a change at 00:00:00 JST (the deadline itself) applies from the next round', () => {
    expect(roundForChange([NOVEMBER, DECEMBER], jst('2026-12-01T00:00:00'))?.id).toBe(2);
    expect(isBeforeDeadline(NOVEMBER, jst('2026-12-01T00:00:00'))).toBe(false);
  });

  it('after the last scheduled deadline there is no round yet: 「次号から」', () => {
    expect(roundForChange([NOVEMBER, DECEMBER], jst('2027-01-01T00:00:00'))).toBeNull();
    expect(fromIssueLabel(null)).toEqual({ ja: '次号から', en: 'from the next box' });
  });
});

describe('canUndo: a skip or pause can be taken back until the round\'s deadline', () => {
  it('until 23:59:59 JST of the last day, not at 00:00:00', () => {
    expect(undoDeadline(NOVEMBER)).toBe(NOVEMBER.endDate);
    expect(canUndo('skip', NOVEMBER, jst('2026-11-30T23:59:59'))).toBe(true);
    expect(canUndo('pause', NOVEMBER, jst('2026-11-30T23:59:59'))).toBe(true);
    expect(canUndo('skip', NOVEMBER, jst('2026-12-01T00:00:00'))).toBe(false);
    expect(canUndo('pause', null, jst('2026-11-01T00:00:00'))).toBe(false);
  });

  it('says until when in both languages, with the deadline format of the shop', () => {
    expect(undoUntilLabel(NOVEMBER)).toEqual({
      ja: '申込締切（2026/11/30 23:59）まで取り消せます',
      en: "You can undo this until 2026/11/30 23:59 (JST), the round's deadline",
    });
  });

  it('a round paid at checkout is refunded by a change only before its deadline', () => {
    expect(refundsCheckoutCharge(NOVEMBER, 'SUCCESS', jst('2026-11-30T23:59:59'))).toBe(true);
    expect(refundsCheckoutCharge(NOVEMBER, 'SUCCESS', jst('2026-12-01T00:00:00'))).toBe(false);
    expect(refundsCheckoutCharge(NOVEMBER, 'BEFORE', jst('2026-11-30T00:00:00'))).toBe(false);
    expect(refundsCheckoutCharge(null, 'SUCCESS', jst('2026-11-30T00:00:00'))).toBe(false);
  });
});

describe('labels', () => {
  it('names the round by the month it ships in Tokyo', () => {
    expect(issueLabel(NOVEMBER)).toEqual({ ja: '12月号', en: 'Dec 2026 box' });
    // 2027-01-24T15:30Z is already the 25th in Tokyo; still January.
    expect(fromIssueLabel(DECEMBER)).toEqual({ ja: '1月号から', en: 'from the Jan 2027 box' });
    // 2026-01-31T15:00Z is February 1st in Tokyo, January 31st in UTC.
    expect(issueLabel({ shipDate: '2026-01-31T15:00:00.000Z' }).ja).toBe('2月号');
  });

  it('shows a midnight deadline as 23:59 of the day before', () => {
    expect(deadlineLabel(NOVEMBER)).toEqual({ ja: '申込締切 2026/11/30 23:59', en: 'Order by 2026/11/30 23:59 (JST)' });
  });
});

describe('roundCharge', () => {
  const plan = { price: 3300, preTaxPrice: 3000 };
  it('card: price × count + shipping once per round', () => {
    expect(roundCharge(plan, 2, false, new Date('2026-11-22T00:00:00Z'))).toEqual({
      price: 6600, preTaxPrice: 6000, shipFee: 660, preTaxShipFee: 600, fee: 0, preTaxFee: 0, total: 7260,
    });
  });
  it('GMOAB adds the fee of the day (330 since 2022-06-11 JST, 200 before)', () => {
    expect(roundCharge(plan, 1, true, new Date('2026-11-22T00:00:00Z')).total).toBe(3300 + 660 + 330);
    expect(roundCharge(plan, 1, true, jst('2022-06-10T23:59:59')).fee).toBe(200);
    expect(roundCharge(plan, 1, true, jst('2022-06-11T00:00:00')).preTaxFee).toBe(300);
  });
});
