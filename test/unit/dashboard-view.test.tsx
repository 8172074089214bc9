import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DashboardView } from '../../client/components/dashboard/dashboard-view.tsx';
import { LangProvider } from '../../client/lang.tsx';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import { issueOfKey, monthKeysUpTo, monthlyMovements, monthOf } from '../../shared/dashboard-figures.ts';

/** The console's dashboard body from the API's figures, rendered as the server sends it. */
const EMPTY: StaffDashboard = {
  asOf: '2026-12-10T03:00:00.000Z', active: { subscriptions: 0, paused: 0, subscribers: 0 }, revenue: [],
  months: monthlyMovements(monthKeysUpTo('2026-12', 12), 0, new Map()), byArtist: [], byPlan: [], currentRound: null,
};

function render(figures: StaffDashboard, english = false): string {
  return renderToString(<LangProvider value={{ english, toggle: () => {} }}><DashboardView figures={figures} /></LangProvider>);
}

describe('DashboardView', () => {
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
    expect(html).toContain('<title>12月号 売上（返金後）: ¥3,900</title>');
    expect(html).toContain('<title>ダッシュA ライトプラン: 1</title>');
    expect(html).toContain('12月号の決済状況');
    expect(html).toContain('<title>再決済待ち: 1</title>');
    expect(html).toContain('月別の解約理由');
    expect(html).toContain('<th scope="col">理由の記録なし</th>');
  });

  it('a shop without subscriptions says there is nothing yet instead of drawing empty charts', () => {
    const html = render(EMPTY, true);
    expect(html.match(/No data yet\./g)).toHaveLength(5);
    expect(html).toContain('No round has passed its deadline yet.');
  });
});
