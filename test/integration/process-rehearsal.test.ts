import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistDetail, Order, Plan, PlanOrderHistory, UserPlanWithTiers } from '../../shared/api/types.ts';
import { monthIndex } from '../../shared/plan-period.ts';
import { href } from '../../shared/routes.ts';
import { deadlineLabel, issueLabel } from '../../shared/subscription-rules.ts';
import { rawRequest } from '../support/raw-http.ts';
import { killAll, startShop, tempDataDir, type ShopProcess } from './process-fixtures.ts';
import { newFan, RehearsalShop, run, type Fan } from './rehearsal-fans.ts';
import { describeStep, operatorCommand, readOperatorCommands, readQuarterRehearsal, readRehearsal, type RehearsalStep } from './rehearsal-readme.ts';

/**
 * Issue 9's "done when", as an operator and a shopper would do it on a fresh clone: the built shop
 * on the embedded database, a shopper who signs up, registers a card on the sandbox's hosted page
 * and subscribes over HTTP, and the operator rehearsing a month with the real command line
 * (the README's lines typed into a shell, `npm run ops -- …`, which on PGlite talks to the running
 * API) and the test clock: the reminder, billing, a declined card and its retry, the card change
 * that fixes it, the warehouse list exported and imported, shipment and delivery. The shopper sees
 * each step in the order history and in the mails. Beside her, a second fan of the same artist's
 * three-month plan (issue 30), followed for two more months: charged at checkout and at 4月号 only.
 */
const DAY = 86_400_000;
const rs = new RehearsalShop();
let shop: ShopProcess;
let dataDir: string;
const first = newFan('rehearsal');
/** The three-month plan's fan (README: "sign up a second fan now"). */
const quarterFan = newFan('rehearsal-quarter');
const checkout = rs.checkout;

afterAll(async () => {
  await killAll();
  rs.removeCheckout();
});

const callAs = (fan: Fan, method: string, url: string, body?: unknown, type?: string) => rs.callAs(fan, method, url, body, type);
const call = (method: string, url: string, body?: unknown, type?: string) => callAs(first, method, url, body, type);
const outbox = (fan = first) => rs.outbox(fan);
const ops = (...args: string[]) => rs.ops(...args);
const typed = (line: string) => rs.typed(line);
const typedOps = (line: string) => rs.typedOps(line);

/** A command line that must fail: its exit status and what it printed. */
async function opsFailing(args: string[], env: Record<string, string> = {}) {
  const outcome = await run(process.execPath, ['dist/ops.js', ...args], { env: rs.env(env), timeout: 60_000 })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (e: { code: number; stdout: string; stderr: string }) => e);
  return { code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr };
}

const registerCard = (number: string, fan = first) => rs.registerCard(number, fan);
const signUp = (fan: Fan) => rs.signUp(fan);
const historiesOf = (fan: Fan) => rs.historiesOf(fan);

async function historyOf(roundId: number, fan = first): Promise<PlanOrderHistory> {
  const list = await historiesOf(fan);
  const found = list.find((h) => h.order.id === roundId);
  if (!found) throw new Error(`no order for round ${roundId}: ${JSON.stringify(list.map((h) => h.order.id))}`);
  return found;
}

/**
 * A demo monthly plan with an open round and the round after it, as the artist pages show them, of
 * an artist that also has a three-month plan (the README: e.g. 天音くるり).
 */
async function planWithNextRound(): Promise<{ slug: string; plan: Plan; next: Order; quarter: Plan }> {
  const artists = (await (await call('GET', '/api/artist')).json()) as { slug: string }[];
  for (const { slug } of artists) {
    const artist = (await (await call('GET', `/api/artist/${slug}`)).json()) as ArtistDetail;
    const plan = artist.plans.find((p) => p.period === 1 && p.currentOrder && p.nextOrder);
    const quarter = artist.plans.find((p) => p.period === 3 && p.currentOrder && p.nextOrder);
    if (plan?.nextOrder && quarter) return { slug, plan, next: plan.nextOrder, quarter };
  }
  throw new Error('the demo catalogue has no artist with a monthly plan and a three-month plan');
}

const pageText = (url: string, fan = first) => rs.pageText(url, fan);

/** My plans' next charge (「次回の決済：3月号 — 申込締切 2027/02/10 23:59」) of a fan's only plan: the issue and that minute. */
async function nextChargeShown(fan: Fan): Promise<{ issue: string; at: number }> {
  const shown = /次回の決済：(\d{1,2}月号) — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})/.exec(await pageText(href('plan'), fan));
  expect(shown, fan.email).not.toBeNull();
  return { issue: shown![1]!, at: shownInstant(shown![2]!) };
}

/** The subjects of a fan's mails but the sign-up's own (its code and its welcome, issue 31). */
const subjectsOf = (fan: Fan) => outbox(fan).map((m) => m.subject).filter((s) => !s.includes('認証コード') && !s.includes('ようこそ'));

/** `2027/01/10 23:59` (Tokyo, as the pages write a deadline) as an instant. */
const shownInstant = (shown: string) => Date.parse(`${shown.replaceAll('/', '-').replace(' ', 'T')}:00+09:00`);

const iso = (ms: number) => new Date(ms).toISOString();

/** A deadline the README's dates are written around (its example) and the same deadline in this shop (as My plans shows it). */
interface Anchor {
  example: number;
  shop: number;
}

/** A README date moved to this shop: kept as far from the example deadline nearest to it as it was. */
function moved(at: number, anchors: readonly Anchor[]): number {
  const nearest = anchors.reduce((a, b) => (Math.abs(at - b.example) < Math.abs(at - a.example) ? b : a));
  return nearest.shop + at - nearest.example;
}

/**
 * Types one command of a README block, its `--now` moved from the README's example deadlines to
 * this shop's (a number: the first block's one deadline).
 */
async function opsStepTyped(step: RehearsalStep, deadlines: number | readonly Anchor[]) {
  if (step.kind !== 'ops') throw new Error(`expected a command, got ${JSON.stringify(step)}`);
  const anchors = typeof deadlines === 'number' ? [{ example: rehearsal.exampleDeadline, shop: deadlines }] : deadlines;
  const line = step.line.replace(/--now (\S+)/, (_, at: string) => `--now ${iso(moved(Date.parse(at), anchors))}`);
  return typedOps(line);
}

async function opsStep(step: RehearsalStep, deadlines: number | readonly Anchor[]) {
  return (await opsStepTyped(step, deadlines)).summary;
}

async function cardStep(step: RehearsalStep) {
  if (step.kind !== 'card') throw new Error(`expected a card, got ${JSON.stringify(step)}`);
  expect(await registerCard(step.number)).toContain('card=registered');
}

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const rehearsal = readRehearsal(readme);
const operatorCommands = readOperatorCommands(readme);
const steps = rehearsal.steps;
const quarterRehearsal = readQuarterRehearsal(readme);

const subscribe = (fan: Fan, planId: number) => rs.subscribe(fan, planId);

describe('the README\'s rehearsal of a month, step by step', () => {
  let next: Order;
  /** The deadline My plans shows for the next charge, as an instant (its minute). */
  let shownDeadline: number;
  /** The same artist's three-month plan, and the deadline of its second fan's next charge as her My plans shows it. */
  let quarter: Plan;
  let quarterDeadline: number;
  /** The first fan's round after 2月号 (the example's 3月号), once 2月号 is paid, and its deadline as My plans shows it. */
  let firstFanNext: Order;
  let firstFanNextDeadline: number;
  /** The three-month block's dates move by these: the first fan's 2月号 and 3月号 deadlines, and hers. */
  const quarterAnchors = (): Anchor[] => [
    { example: rehearsal.exampleDeadline, shop: shownDeadline },
    { example: quarterRehearsal.firstFanNext.at, shop: firstFanNextDeadline },
    { example: quarterRehearsal.quarterFanNext.at, shop: quarterDeadline },
  ];
  /** A fan's charges that went through, as [round, total], oldest round first (the history lists the newest first). */
  const paidRounds = async (fan: Fan) => (await historiesOf(fan)).filter((h) => h.paymentStatus !== 'ERROR')
    .sort((a, b) => Date.parse(a.order.endDate) - Date.parse(b.order.endDate)).map((h) => [h.order.id, h.total]);

  it('is the block this test follows: the same steps in the same order', () => {
    expect(steps.map(describeStep)).toEqual([
      'ops billing --now', 'card', 'ops billing --now', 'ops billing --now', 'card', 'csv', 'ops shipments import --early', 'ops shipments delivered',
    ]);
    // The README's example reads like the demo's deadlines (23:59 JST) and its clock runs around it.
    expect(rehearsal.exampleShown).toMatch(/ 23:59$/);
    const offsets = steps.flatMap((s) => (s.kind === 'ops' && s.args.includes('--now') ? [Date.parse(s.args.at(-1)!) - rehearsal.exampleDeadline] : []));
    expect(offsets[0]).toBeLessThan(0);
    expect(offsets[0]).toBeGreaterThan(-3 * DAY);
    expect(offsets.slice(1).every((o) => o > 60_000)).toBe(true);
  });

  it('is the three-month block this test follows: five runs, around 3月号 and 4月号, one and two months after the example', () => {
    expect(quarterRehearsal.steps.map(describeStep)).toEqual(Array(5).fill('ops billing --now'));
    const example = rehearsal.exampleShown.replaceAll('/', '-');
    const { firstFanNext: third, quarterFanNext: fourth } = quarterRehearsal;
    // 「2月号 — 2027/01/10 23:59」, then the next round and hers on the same day and minute one and two months on.
    expect([third, fourth].map((d) => monthIndex(new Date(d.at)) - monthIndex(new Date(rehearsal.exampleDeadline)))).toEqual([1, 2]);
    expect([third, fourth].map((d) => d.shown.replaceAll('/', '-').slice(8))).toEqual([example.slice(8), example.slice(8)]);
    const [remind3, charge3, remind4, charge4, preparing4] = quarterRehearsal.steps.map((s) => (s.kind === 'ops' ? Date.parse(s.args.at(-1)!) : Number.NaN));
    // Each reminder within the 3 days before its deadline, each charge within the day after it.
    for (const [run, deadline] of [[remind3!, third.at], [remind4!, fourth.at]] as const) expect((deadline - run) / DAY).toSatisfy((d: number) => d > 0 && d < 3);
    for (const [run, deadline] of [[charge3!, third.at], [charge4!, fourth.at]] as const) expect((run - deadline) / DAY).toSatisfy((d: number) => d > 0 && d < 1);
    // The demo ships some 26–33 days after a deadline (by month lengths): 27½ days on is within the week before 4月号 ships.
    expect((preparing4! - fourth.at) / DAY).toBeGreaterThan(26);
  });

  beforeAll(async () => {
    dataDir = tempDataDir();
    // One shopper's month alone: the demo customers' charges would be in every count.
    shop = await startShop('all', { DATA_DIR: dataDir, BILLING_INTERVAL_MS: '3600000', LOG_LEVEL: 'info', SEED_DEMO_CUSTOMERS: 'false' });
    rs.started(shop, dataDir);
    await signUp(first);
    expect(await registerCard(rehearsal.firstCard)).toContain('card=registered');
  }, 90_000);

  it('shows the round after the open one on the artist page, and after checkout the next charge and its deadline on My plans', async () => {
    const found = await planWithNextRound();
    next = found.next;
    const issue = issueLabel(next).ja;
    expect(await pageText(href('artist', { slug: found.slug }))).toContain(`次回：${issue} — ${deadlineLabel(next).ja}`);
    quarter = found.quarter;
    expect(await subscribe(first, found.plan.id)).toBe(201);
    const shown = /次回の決済：(\d{1,2}月号) — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})/.exec(await pageText(href('plan')));
    expect(shown?.[1]).toBe(issue);
    shownDeadline = shownInstant(shown![2]!);
    // The minute shown is the last one that still counts: the deadline itself falls within the next minute.
    expect(Date.parse(next.endDate) - shownDeadline).toBeGreaterThanOrEqual(0);
    expect(Date.parse(next.endDate) - shownDeadline).toBeLessThanOrEqual(60_000);
  });

  it('charges the second fan ¥17,160 at checkout for the same artist\'s three-month plan, and names as next charge the round three months on', async () => {
    const [open, fourth] = [quarter.currentOrder!, quarter.nextOrder!];
    expect(monthIndex(fourth.shipDate) - monthIndex(open.shipDate)).toBe(3);
    await signUp(quarterFan);
    expect(await registerCard(rehearsal.firstCard, quarterFan)).toContain('card=registered');
    expect(await subscribe(quarterFan, quarter.id)).toBe(201);
    expect(await paidRounds(quarterFan)).toEqual([[open.id, 17_160]]);
    const myPlans = await pageText(href('plan'), quarterFan);
    expect(myPlans).toContain('1回のお届け（3か月ごと）');
    const shown = await nextChargeShown(quarterFan);
    expect(shown.issue).toBe(issueLabel(fourth).ja);
    quarterDeadline = shown.at;
    await expect.poll(() => subjectsOf(quarterFan)).toEqual([`[OshiBox] お申し込みを受け付けました（${issueLabel(open).ja}）`]);
    // Her sign-up was welcomed once (its mail is left out of the subscription's mails above).
    expect(outbox(quarterFan).filter((m) => m.subject.includes('ようこそ'))).toHaveLength(1);
  });

  it('mails the reminder before the deadline; nothing is charged yet, and the command says why', async () => {
    const summary = await opsStep(steps[0]!, shownDeadline);
    // The demo's other open rounds have passed by then, owed by nobody: the command says so.
    expect(summary).toMatchObject({ reminders: 1, reserved: 0, charged: 0, nothingCharged: expect.stringMatching(/no subscription owed them.*; next deadline \d{4}-\d{2}-\d{2} \d{2}:\d{2} JST/) });
    expect(outbox().some((m) => m.subject.includes('お支払いのご案内'))).toBe(true);
  });

  it('bills the round at its deadline; a declined card shows in the history and the mails', async () => {
    await cardStep(steps[1]!); // registers, then declines charges
    const summary = await opsStep(steps[2]!, shownDeadline);
    expect(summary).toMatchObject({ reserved: 1, charged: 0, declined: 1 });
    const failed = await historyOf(next.id);
    expect(failed.paymentStatus).toBe('ERROR');
    expect(failed.paymentStatusLabel.ja).toBe('決済失敗');
    expect(outbox().some((m) => m.subject.includes('お支払いができませんでした') && m.text.includes('/mypage/profile/payment'))).toBe(true);
  });

  it('retries a day later, and charges at once when the card is changed', async () => {
    const retry = await opsStepTyped(steps[3]!, shownDeadline);
    expect(retry.summary).toMatchObject({ retried: 1, declined: 1, charged: 0 });
    // A declined retry is a charge tried: said as such, never "no subscription owed them" (issue 29).
    expect(retry.summary).not.toHaveProperty('nothingCharged');
    expect(retry.stderr).toMatch(/Billing at \S+: 0 charges reserved, 1 retry: 0 charged, 1 declined/);
    expect(retry.stderr).not.toContain('owed');
    await cardStep(steps[4]!);
    const paid = await historyOf(next.id);
    expect(paid.paymentStatus).toBe('SUCCESS');
    expect(paid.paymentStatusLabel.ja).toBe('決済完了・商品制作中');
    expect(outbox().some((m) => m.subject.includes('お支払い完了'))).toBe(true);
  });

  it('fails a shipment file that applies nothing: no header line, or every line refused (the round ships later)', async () => {
    const { id } = await historyOf(next.id);
    const headless = path.join(dataDir, 'headless.csv');
    writeFileSync(headless, `${id},1234-5678-9012,yamato\n`);
    const noHeader = await opsFailing(['shipments', 'import', headless]);
    expect(noHeader).toMatchObject({ code: 1, stderr: expect.stringContaining('header') });
    const file = path.join(dataDir, 'shipped.csv');
    writeFileSync(file, `orderHistoryId,trackingNumber,carrier\n${id},1234-5678-9012,yamato\n`);
    const tooSoon = await opsFailing(['shipments', 'import', file]);
    expect(tooSoon).toMatchObject({ code: 1, stderr: expect.stringContaining('line 2: the round ships from') });
    expect(JSON.parse(tooSoon.stdout)).toMatchObject({ applied: 0, refused: [{ line: 2 }] });
    expect((await historyOf(next.id)).paymentStatus).toBe('SUCCESS');
  });

  it('exports the warehouse list to a file with the README\'s line, clean for the import (issue 29: npm\'s banner was in it)', async () => {
    const { id } = await historyOf(next.id);
    // A week before the ship date the paid box joins the warehouse list (発送準備中).
    expect(await ops('billing', '--round', String(next.id), '--now', iso(Date.parse(next.shipDate) - 7 * DAY + 60_000))).toMatchObject({ preparing: 1 });
    const exported = await typed(operatorCommand(operatorCommands, 'shipments export').replace('<id>', String(next.id)));
    expect(exported).toMatchObject({ code: 0 });
    const file = path.join(checkout, 'round.csv');
    const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toMatch(/^注文番号,お届け回,.*,配送業者,追跡番号$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${id},.*,,$`));
    // Filled in as the warehouse does, and imported with the README's line as it is: the file is
    // read past its header to the box, which ships only from its ship date (--early, below).
    writeFileSync(file, `${lines[0]}\n${lines[1]!.replace(/,,$/, ',yamato,1234-5678-9012')}\n`);
    const imported = await typed(operatorCommand(operatorCommands, 'shipments import'));
    expect(imported).toMatchObject({ code: 1, stderr: expect.stringContaining('line 2: the round ships from') });
    expect(imported.stderr).not.toContain('header');
    expect(JSON.parse(imported.stdout.trim().split('\n').at(-1)!)).toMatchObject({ lines: 1, applied: 0, refused: [{ line: 2 }] });
    expect((await historyOf(next.id)).paymentStatus).toBe('WAITING');
  });

  it('ships (early, as the operator says) and delivers from the README\'s warehouse file; importing again changes nothing', async () => {
    const { id } = await historyOf(next.id);
    const csv = steps[5]!;
    if (csv.kind !== 'csv') throw new Error('the README block has no shipment file');
    expect(await typed(csv.line.replace('<注文番号 from 注文履歴>', String(id)))).toMatchObject({ code: 0 });
    expect(await opsStep(steps[6]!, shownDeadline)).toMatchObject({ applied: 1, alreadyApplied: 0, refused: [] });
    expect(await ops('shipments', 'import', path.join(checkout, csv.file))).toMatchObject({ applied: 0, alreadyApplied: 1, refused: [] });
    const shipped = await historyOf(next.id);
    expect(shipped.paymentStatus).toBe('COMPLETEMAIL');
    expect(shipped.shipNumber).toBe('1234-5678-9012');
    expect(outbox().some((m) => m.subject.includes('発送しました') && m.text.includes('kuronekoyamato'))).toBe(true);
    expect(await opsStep(steps[7]!, shownDeadline)).toMatchObject({ applied: 1 });
    expect((await historyOf(next.id)).paymentStatusLabel.ja).toBe('決済完了・配達完了');
  });

  it('issues a receipt for the paid round', async () => {
    const { id } = await historyOf(next.id);
    const res = await call('POST', `/api/planOrderHistory/${id}/receipt`, { addressee: '推野 花子' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ addressee: '推野 花子' });
  });

  it('reminded, charged and shipped the three-month fan nothing for 2月号; the first fan\'s My plans names the round after 2月号', async () => {
    expect(await paidRounds(quarterFan)).toEqual([[quarter.currentOrder!.id, 17_160]]);
    expect(subjectsOf(quarterFan)).toEqual([`[OshiBox] お申し込みを受け付けました（${issueLabel(quarter.currentOrder!).ja}）`]);
    const mine = (await (await call('GET', '/api/userPlan')).json()) as UserPlanWithTiers[];
    firstFanNext = mine[0]!.nextBilledRound!;
    expect(monthIndex(firstFanNext.shipDate) - monthIndex(next.shipDate)).toBe(1);
    const shown = await nextChargeShown(first);
    expect(shown.issue).toBe(issueLabel(firstFanNext).ja);
    firstFanNextDeadline = shown.at;
  });

  it('three-month plan, 3月号: the reminder and the charge are the first fan\'s only', async () => {
    const [reminder, charge] = quarterRehearsal.steps;
    expect(await opsStep(reminder!, quarterAnchors())).toMatchObject({ reminders: 1, charged: 0 });
    expect(await opsStep(charge!, quarterAnchors())).toMatchObject({ reserved: 1, charged: 1, declined: 0 });
    expect((await historyOf(firstFanNext.id)).paymentStatus).toBe('SUCCESS');
    expect(await paidRounds(quarterFan)).toEqual([[quarter.currentOrder!.id, 17_160]]);
    expect(subjectsOf(quarterFan)).toHaveLength(1);
  });

  it('three-month plan, 4月号: reminded and charged ¥17,160 beside the first fan; the 3月号 box on the list is the first fan\'s alone', async () => {
    const [, , reminder, charge] = quarterRehearsal.steps;
    const fourth = quarter.nextOrder!;
    expect(await opsStep(reminder!, quarterAnchors())).toMatchObject({ reminders: 2, charged: 0, preparing: 1 });
    expect((await historyOf(firstFanNext.id)).paymentStatusLabel.ja).toBe('決済完了・発送準備中');
    expect(await opsStep(charge!, quarterAnchors())).toMatchObject({ reserved: 2, charged: 2, declined: 0 });
    // Two charges in four months of rounds: at checkout (1月号) and at 4月号's deadline.
    expect(await paidRounds(quarterFan)).toEqual([[quarter.currentOrder!.id, 17_160], [fourth.id, 17_160]]);
    expect((await historyOf(fourth.id, quarterFan)).paymentStatusLabel.ja).toBe('決済完了・商品制作中');
    const label = issueLabel(fourth).ja;
    expect(subjectsOf(quarterFan)).toEqual([
      `[OshiBox] お申し込みを受け付けました（${issueLabel(quarter.currentOrder!).ja}）`,
      expect.stringMatching(new RegExp(`^\\[OshiBox\\] ${label}のお支払いのご案内`)),
      `[OshiBox] お支払い完了のお知らせ（${label}）`,
    ]);
    // Every mail of her subscription names the amount it charges (the sign-up's own mails name none).
    const subscriptionMails = outbox(quarterFan).filter((m) => !m.subject.includes('認証コード') && !m.subject.includes('ようこそ'));
    expect(subscriptionMails.every((m) => m.text.includes('¥17,160'))).toBe(true);
  });

  it('three-month plan: within the week before 4月号 ships, her box is on its shipping list (both fans\' boxes 発送準備中)', async () => {
    const fourth = quarter.nextOrder!;
    expect(await opsStep(quarterRehearsal.steps[4]!, quarterAnchors())).toMatchObject({ preparing: 2, charged: 0 });
    const box = await historyOf(fourth.id, quarterFan);
    expect(box.paymentStatusLabel.ja).toBe('決済完了・発送準備中');
    // The round's shipping list, to stdout (the README's export line itself is typed for 2月号 above).
    const { stdout } = await run(process.execPath, ['dist/ops.js', 'shipments', 'export', '--round', String(fourth.id)], { env: rs.env(), timeout: 60_000 });
    const lines = stdout.replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([box.id]);
  });

  it('the real command line refuses a test clock it cannot read, in both languages, and bills nothing', async () => {
    const before = await historyOf(next.id);
    for (const now of ['next tuesday', '2027-01-32T00:00:00+09:00', '2027-01-10T00:00:00']) {
      const failed = await opsFailing(['billing', '--now', now]);
      expect(failed, now).toMatchObject({ code: 1, stderr: expect.stringContaining('--now must be a date-time with an offset') });
      expect(failed.stderr).toContain('--now は');
    }
    expect(await opsFailing(['billing', '--now'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--now needs a value') });
    expect(await historyOf(next.id)).toEqual(before);
  });

  it('runs the test clock (--now) only against a running shop: without one it exits 1 and says to start it', async () => {
    const failed = await opsFailing(['billing', '--now', iso(shownDeadline + 2 * DAY)], { API_PORT: '1' });
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('Start the shop (npm start)') });
  });

  it('runs every other line of the README\'s list of operator commands as written', async () => {
    expect(operatorCommands.map((line) => line.replace(/\s*#.*$/, '').split(/\s+/).slice(4, 6).join(' '))).toEqual([
      'billing', 'shipments export', 'shipments import', 'shipments delivered', 'catalogue import', 'staff add', 'staff reset',
    ]);
    expect((await typedOps(operatorCommand(operatorCommands, 'billing'))).summary).toHaveProperty('charged');
    const { id } = await historyOf(next.id);
    writeFileSync(path.join(checkout, 'delivered.csv'), `orderHistoryId\n${id}\n`);
    expect((await typedOps(operatorCommand(operatorCommands, 'shipments delivered'))).summary).toMatchObject({ alreadyApplied: 1, refused: [] });
    const member = (line: string) => line.replace('<email>', 'readme.owner@oshibox.example').replace('<role>', 'owner');
    for (const command of ['staff add', 'staff reset']) {
      const { stderr } = await typedOps(member(operatorCommand(operatorCommands, command)));
      expect(stderr, command).toMatch(/Setup link for readme\.owner@oshibox\.example \(owner\)/);
    }
  });
});

describe('the README\'s example catalogue', () => {
  it('imports with its pictures and no warning; each picture answers as an image through the shop', async () => {
    const line = operatorCommand(operatorCommands, 'catalogue import');
    const { summary: report } = await typedOps(line);
    expect(report).toMatchObject({ warnings: [], artists: { inserted: 1 }, media: { inserted: 7 } });
    const file = readFileSync(path.join(checkout, line.split(/\s+/)[6]!), 'utf8');
    for (const url of new Set(file.match(/\/api\/media\/[^"]+/g))) {
      const res = await fetch(`${shop.webUrl}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/svg\+xml/);
    }
  });
});

describe('the operator token', () => {
  const tokenFile = () => path.join(dataDir, 'ops-token');

  it('is made at start in DATA_DIR/ops-token, readable by its user alone; the log names the file, never the token', () => {
    const token = readFileSync(tokenFile(), 'utf8').trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(tokenFile()).mode & 0o777).toBe(0o600);
    const { stdout, stderr } = shop.output();
    expect(stdout).toContain(tokenFile());
    expect(stdout + stderr).not.toContain(token);
  });

  it('is what the endpoint asks of every caller, loopback included; a browser post from another site gets nowhere', async () => {
    const billing = (headers: Record<string, string>, body = '{}') => fetch(`${shop.apiUrl}/ops/billing`, { method: 'POST', headers, body });
    const token = readFileSync(tokenFile(), 'utf8').trim();
    expect((await billing({ 'content-type': 'application/json' })).status).toBe(401);
    expect((await billing({ 'content-type': 'text/plain', origin: 'https://evil.example' })).status).toBe(403);
    expect((await billing({ 'content-type': 'text/plain', authorization: `Bearer ${token}` })).status).toBe(415);
    // fetch sets Host itself: a page on a rebound name, over a raw socket.
    const rebound = await rawRequest(shop.apiUrl, `POST /ops/billing HTTP/1.1\r\nHost: rebind.attacker.example:${shop.ports.api}\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(rebound.status).toBe(421);
    expect((await opsFailing(['billing'], { OPS_TOKEN: 'a-token-the-shop-does-not-have-0123456789' }))).toMatchObject({ code: 1, stderr: expect.stringContaining('OPS_TOKEN') });
    expect(await opsFailing(['billing'], { OPS_TOKEN_FILE: path.join(dataDir, 'missing-token') })).toMatchObject({ code: 1, stderr: expect.stringContaining('start the shop first') });
  });
});
