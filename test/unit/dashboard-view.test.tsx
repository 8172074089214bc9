import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardView } from '../../client/components/dashboard/dashboard-view.tsx';
import { LangProvider } from '../../client/lang.tsx';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import { issueOfKey, monthKeysUpTo, monthlyMovements, monthOf } from '../../shared/dashboard-figures.ts';
import { toDoTiles } from '../../shared/dashboard-to-dos.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { taxSearch, type TaxView } from '../../client/components/dashboard/tax-switch.tsx';

/** The console's dashboard body from the API's figures, rendered as the server sends it. */
const EMPTY: StaffDashboard = {
  asOf: '2026-12-10T03:00:00.000Z', shipments: { boxes: 0, parcels: 0, consolidated: 0 }, active: { subscriptions: 0, paused: 0, subscribers: 0 }, revenue: [],
  months: monthlyMovements(monthKeysUpTo('2026-12', 12), 0, new Map()), byArtist: [], byPlan: [], currentRound: null,
  toDos: toDoTiles({ declinedByRound: [], toShip: 0, refunds: 0, disputes: 0 }), mrr: { taxIncluded: 0, preTax: 0 }, forecast: [],
  vault: { unlocksThisMonth: 0, downloads: 0 }, shopperPaid: { konbini: 0, paypay: 0, openTransfers: 0 },
};

function render(figures: StaffDashboard, english = false, options: { tax?: TaxView; role?: StaffRole } = {}): string {
  return renderToString(
    <MemoryRouter>
      <LangProvider value={{ english, toggle: () => {} }}><DashboardView figures={figures} tax={options.tax} role={options.role ?? null} /></LangProvider>
    </MemoryRouter>,
  );
}

describe('DashboardView', () => {
  it('says how many rounds were paid at a konbini and with PayPay this month, and the open transfers (issue 34)', () => {
    const html = render({ ...EMPTY, shopperPaid: { konbini: 3, paypay: 5, openTransfers: 2 } });
    expect(html).toContain('コンビニ・PayPayで支払われた回（今月）');
    expect(html).toContain('コンビニ払い 3 ／ PayPay 5');
    expect(html).toContain('振込待ちの返金: 2');
  });

  it('draws every figure: revenue net and refunded, movements, churn, subscribers and the round’s billing', () => {
    const revenue = [{ ...monthOf('2026-12'), label: issueOfKey('2026-12'), charges: 2, charged: { taxIncluded: 8250, preTax: 7500 },
      refunded: { taxIncluded: 3960, preTax: 3600 }, net: { taxIncluded: 4290, preTax: 3900 } }];
    const html = render({
      ...EMPTY, active: { subscriptions: 6, paused: 1, subscribers: 5 }, revenue,
      byArtist: [{ artistId: 1, artistName: 'ダッシュA', subscribers: 3 }],
      byPlan: [{ planId: 1, planName: 'ライトプラン', planNameEn: 'Light', artistName: 'ダッシュA', subscribers: 1, boxes: 1 }],
      currentRound: { ...monthOf('2026-12'), issue: issueOfKey('2026-12'), counts: { charged: 2, declined: 1, retrying: 1, inDoubt: 1, queued: 0 } },
    });
    expect(html).toContain('<strong>6</strong>');
    expect(html).toContain('休止中 1件・会員 5人');
    expect(html).toContain('<title>12月号 売上（返金後）: ¥4,290</title>');
    expect(html).toContain('<title>12月号 返金: ¥3,960</title>');
    // One revenue chart: the pre-tax figures are drawn with ?tax=out (below), not beside it.
    expect(html).not.toContain('<title>12月号 売上（返金後）: ¥3,900</title>');
    expect(html).toContain('<title>ダッシュA ライトプラン: 1</title>');
    expect(html).toContain('12月号の決済状況');
    expect(html).toContain('<title>再決済待ち: 1</title>');
    expect(html).toContain('月別の解約理由');
    expect(html).toContain('<th scope="col">理由の記録なし</th>');
  });

  it('counts the month’s shipments: boxes, the parcels they left in, and those of two boxes or more (同梱)', () => {
    const shipments = { boxes: 1204, parcels: 980, consolidated: 190 };
    expect(render({ ...EMPTY, shipments })).toMatch(/<dt>今月の出荷<\/dt><dd>箱 1,204・荷物 980（同梱 190）<\/dd>/);
    expect(render({ ...EMPTY, shipments }, true)).toContain('1,204 boxes in 980 parcels (190 shipped together)');
  });

  it('a shop without subscriptions says there is nothing yet instead of drawing empty charts', () => {
    const html = render(EMPTY, true);
    expect(html.match(/No data yet\./g)).toHaveLength(4);
    expect(html).toContain('No round has passed its deadline yet.');
  });

  it("shows today's to-dos with counts, linked for a role that may do the work, and a calm sentence at 0", () => {
    const figures = { ...EMPTY, toDos: toDoTiles({ declinedByRound: [{ roundId: 7, count: 2 }], toShip: 4, refunds: 0, disputes: 1 }) };
    const owner = render(figures, false, { role: 'owner' });
    expect(owner).toContain('href="/billing/7?state=declined"');
    expect(owner).toContain('href="/rounds?state=ship"');
    expect(owner).toContain('処理中・失敗の返金はありません。');
    expect(owner).not.toContain('href="/orders?refund=open"');
    // Fulfilment ships boxes but does not retry charges: only its own tile links.
    const fulfilment = render(figures, false, { role: 'fulfilment' });
    expect(fulfilment).toContain('href="/rounds?state=ship"');
    expect(fulfilment).not.toContain('href="/billing');
    expect(fulfilment).toContain('この対応はほかの担当者の権限です。');
  });

  it('draws one revenue chart, tax-included by default and pre-tax with ?tax=out, and MRR the same way', () => {
    const revenue = [{ ...monthOf('2026-12'), label: issueOfKey('2026-12'), charges: 2, charged: { taxIncluded: 8250, preTax: 7500 },
      refunded: { taxIncluded: 0, preTax: 0 }, net: { taxIncluded: 8250, preTax: 7500 } }];
    const figures = { ...EMPTY, revenue, mrr: { taxIncluded: 29_700, preTax: 27_000 } };
    const taxIn = render(figures);
    expect(taxIn).toContain('号別の売上（税込、返金を差し引き）');
    expect(taxIn).not.toContain('号別の売上（税抜');
    expect(taxIn).toContain('¥29,700');
    expect(taxIn).toMatch(/aria-current="true"[^>]*>税込</);
    const taxOut = render(figures, false, { tax: 'out' });
    expect(taxOut).toContain('号別の売上（税抜、返金を差し引き）');
    expect(taxOut).toContain('<title>12月号 売上（返金後）: ¥7,500</title>');
    expect(taxOut).toContain('¥27,000');
    expect(taxOut).toContain('href="/?tax=out"');
  });

  it('keeps the language and other keys of the address when the switch flips', () => {
    expect(taxSearch('?lang=en', 'out')).toBe('?lang=en&tax=out');
    expect(taxSearch('?lang=en&tax=out', 'in')).toBe('?lang=en');
    expect(taxSearch('?tax=out', 'in')).toBe('');
  });

  it('gives each open round its likely boxes and upper bound, and what they are made of', () => {
    const forecast = [{
      roundId: 3, name: '1月号', planName: 'Bプラン', planNameEn: null, artistName: 'ダッシュB', deadline: '2026-12-31T15:00:00.000Z', shipDate: '2027-01-25T01:00:00.000Z',
      boxes: { paid: 2, pending: 6, skipped: 1, paused: 2, failed: 3 }, likely: 8, upperBound: 14,
    }];
    const html = render({ ...EMPTY, forecast });
    expect(html).toContain('1月号 ダッシュB Bプラン');
    expect(html).toContain('申込締切 2026/12/31 23:59');
    expect(html).toMatch(/見込み<\/dt><dd>8箱/);
    expect(html).toMatch(/最大<\/dt><dd>14箱/);
    expect(html).toMatch(/前回の決済失敗<\/dt><dd>3箱/);
    expect(render({ ...EMPTY, forecast }, true)).toMatch(/Likely<\/dt><dd>8 boxes/);
  });
});
