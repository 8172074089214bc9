import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { DB } from '../../api/db/schema.ts';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/**
 * The address page after a save, as a browser without JavaScript gets it: the server-rendered
 * notice says which boxes go to the new address and which keep the old one (and why).
 */
let stack: Stack;
const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const label = (shipDate: Date) => issueLabel({ shipDate: shipDate.toISOString() }).ja;

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(async () => stack?.close());

async function artistWithPlan(db: Kysely<DB>, slug: string, name: string): Promise<number> {
  const artist = await db.insertInto('artists').values({ slug, name, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  return (await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function round(db: Kysely<DB>, planId: number, start: Date, end: Date, ship: Date): Promise<number> {
  return (await db.insertInto('plan_orders').values({ plan_id: planId, name: 'お届け分', price: 3300, pre_tax_price: 3000, start_date: start, end_date: end, ship_date: ship })
    .returning('id').executeTakeFirstOrThrow()).id;
}

let serial = 0;
async function box(db: Kysely<DB>, ids: { userId: number; userPlanId: number; planId: number; roundId: number }, status: string) {
  serial += 1;
  await db.insertInto('plan_order_histories').values({
    user_id: ids.userId, user_plan_id: ids.userPlanId, plan_id: ids.planId, plan_order_id: ids.roundId, payment_method: 'CARD', payment_status: status,
    count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
    ship_zip: KNOWN_USER.zip, ship_address: KNOWN_USER.address, ship_address2: KNOWN_USER.address2, ship_dest_name: KNOWN_USER.name,
    ship_tel: KNOWN_USER.tel, charge_key: `notice-${serial}`, created_at: at(-20), updated_at: at(-20),
  }).execute();
}

describe('/mypage/profile/adress after a save, without JavaScript', () => {
  it('lists the rounds that go to the new address and those that keep the old one', async () => {
    const db = stack.database.handle.db;
    const userId = await insertUser(db, { ...KNOWN_USER, email: 'notice@example.com' });
    await insertSession(db, { token: 'notice-session-0123456789abcdef', userId, expiresAt: at(1) });
    const cookie = `${SESSION_COOKIE}=notice-session-0123456789abcdef`;
    // Mirai: this month's box is in the warehouse list; next month's round is open, not charged yet.
    const mirai = await artistWithPlan(db, 'notice-mirai', 'ミライ');
    const preparingShip = at(3);
    const openShip = at(40);
    const preparing = await round(db, mirai, at(-40), at(-10), preparingShip);
    await round(db, mirai, at(-10), at(20), openShip);
    const miraiPlan = (await db.insertInto('user_plans').values({ user_id: userId, plan_id: mirai, status: 'ACTIVE', created_at: at(-30), updated_at: at(-30) })
      .returning('id').executeTakeFirstOrThrow()).id;
    await box(db, { userId, userPlanId: miraiPlan, planId: mirai, roundId: preparing }, 'WAITING');
    // Sora: a box already shipped, and the open round charged at checkout (not yet in the list).
    const sora = await artistWithPlan(db, 'notice-sora', 'ソラ');
    const shippedShip = at(-1);
    const chargedShip = at(33);
    const shipped = await round(db, sora, at(-60), at(-30), shippedShip);
    const charged = await round(db, sora, at(-10), at(18), chargedShip);
    const soraPlan = (await db.insertInto('user_plans').values({ user_id: userId, plan_id: sora, status: 'ACTIVE', created_at: at(-70), updated_at: at(-70) })
      .returning('id').executeTakeFirstOrThrow()).id;
    await box(db, { userId, userPlanId: soraPlan, planId: sora, roundId: shipped }, 'COMPLETEMAIL');
    await box(db, { userId, userPlanId: soraPlan, planId: sora, roundId: charged }, 'SUCCESS');

    const save = await request(stack.web).post(href('profileAddress')).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie)
      .send({ name: KNOWN_USER.name, zip: '5300001', address: '大阪府大阪市北区梅田', address2: '3-1-1', birthday: KNOWN_USER.birthday, gender: 'FEMALE', tel: KNOWN_USER.tel })
      .expect(303);
    expect(save.headers.location).toBe(`${href('profileAddress')}?done=address`);
    const page = await request(stack.web).get(save.headers.location as string).set('cookie', cookie).expect(200);
    const notice = /<div class="flash-notice delivery-notice" role="status">(.*?)<\/div>/s.exec(page.text)?.[1] ?? '';
    expect(notice).toContain('登録情報を変更しました。');
    expect(notice).toContain(`ソラの${label(chargedShip)}、ミライの${label(openShip)}は新しいお届け先へお届けします。`);
    expect(notice).toContain(`ミライの${label(preparingShip)}は発送準備中のため、変更前のお届け先へお届けします。`);
    expect(notice).toContain(`ソラの${label(shippedShip)}は発送済みのため、変更前のお届け先へお届けします。`);
  });

  it('shows no notice on a plain visit', async () => {
    const db = stack.database.handle.db;
    const userId = await insertUser(db, { ...KNOWN_USER, email: 'plain@example.com' });
    await insertSession(db, { token: 'plain-session-0123456789abcdef', userId, expiresAt: at(1) });
    const page = await request(stack.web).get(href('profileAddress')).set('cookie', `${SESSION_COOKIE}=plain-session-0123456789abcdef`).expect(200);
    expect(page.text).not.toContain('delivery-notice');
  });
});
