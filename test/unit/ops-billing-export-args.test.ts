import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../scripts/ops/args.ts';
import { describeBilling } from '../../scripts/ops/billing-summary.ts';

/** Issue 29's operator lines: the export written by `--out`, and what a billing run says it did. */
describe('shipments export --out', () => {
  it('names the file the list is written to; without it the list goes to stdout', () => {
    expect(parseArgs(['shipments', 'export', '--round', '12', '--out', 'round.csv', '--encoding', 'cp932']))
      .toEqual({ name: 'export', round: 12, layout: 'oshibox', encoding: 'cp932', out: 'round.csv' });
    expect(parseArgs(['shipments', 'export', '--round', '12'])).toEqual({ name: 'export', round: 12, layout: 'oshibox', encoding: 'utf8' });
  });

  it('takes a carrier layout by the console\'s name, in Shift_JIS unless --encoding says otherwise (issue 32)', () => {
    expect(parseArgs(['shipments', 'export', '--round', '12', '--layout', 'sagawa-ehiden']))
      .toEqual({ name: 'export', round: 12, layout: 'sagawa-ehiden', encoding: 'cp932' });
    expect(parseArgs(['shipments', 'export', '--layout', 'yamato-b2', '--encoding', 'utf8', '--round', '12']))
      .toEqual({ name: 'export', round: 12, layout: 'yamato-b2', encoding: 'utf8' });
    expect(() => parseArgs(['shipments', 'export', '--round', '12', '--layout', 'b2'])).toThrow(/--layout b2: レイアウトは.*\n--layout b2: the layout is one of oshibox, yamato-b2/);
  });

  it('refuses --out without a file', () => {
    for (const argv of [['--round', '1', '--out'], ['--round', '1', '--out', ''], ['--out', '--round', '1']]) {
      expect(() => parseArgs(['shipments', 'export', ...argv]), argv.join(' ')).toThrow(UsageError);
    }
  });
});

describe('the billing line', () => {
  const quiet = {
    now: '2027-01-11T15:01:00.000Z', reminders: 0, rounds: 0, reserved: 0, retried: 0, heldEnded: 0, charged: 0, declined: 0, inDoubt: 0,
    strandedCheckouts: 0, strandedChanges: 0, refundsSettled: 0, preparing: 0, mailsSent: 0, mailsFailed: 0, ms: 5,
  };

  it('names a declined retry as such', () => {
    expect(describeBilling({ ...quiet, retried: 1, declined: 1, mailsSent: 1 }))
      .toBe('Billing at 2027-01-11T15:01:00.000Z: 0 charges reserved, 1 retry: 0 charged, 1 declined; 0 reminders, 0 to 発送準備中, 1 mail sent');
  });

  it('names charges in doubt, stranded checkouts and changes and failed mails only when there are some', () => {
    const line = describeBilling({ ...quiet, reserved: 3, charged: 1, declined: 1, inDoubt: 1, strandedCheckouts: 2, strandedChanges: 1, reminders: 1, mailsSent: 2, mailsFailed: 1 });
    expect(line).toBe('Billing at 2027-01-11T15:01:00.000Z: 3 charges reserved, 0 retries: 1 charged, 1 declined, 1 in doubt; 1 reminder, 0 to 発送準備中, 2 stranded checkouts settled, 1 stranded plan change settled, 2 mails sent, 1 failed');
  });
});
