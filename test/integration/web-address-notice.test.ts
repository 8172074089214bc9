import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { seedDeliveryBoxes } from '../support/delivery-boxes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/**
 * The address page after a save, as a browser without JavaScript gets it: the server-rendered
 * notice says which boxes go to the new address and which keep the old one (and why).
 */
let stack: Stack;
const label = (shipDate: Date) => issueLabel({ shipDate: shipDate.toISOString() }).ja;
const tomorrow = () => new Date(Date.now() + 86_400_000);

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(async () => stack?.close());

async function signedIn(email: string): Promise<{ userId: number; cookie: string }> {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email });
  const token = `${email.split('@')[0]}-session-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: tomorrow() });
  return { userId, cookie: `${SESSION_COOKIE}=${token}` };
}

describe('/mypage/profile/adress after a save, without JavaScript', () => {
  it('lists the rounds that go to the new address and those that keep the old one', async () => {
    const { userId, cookie } = await signedIn('notice@example.com');
    const boxes = await seedDeliveryBoxes(stack.database.handle.db, userId, KNOWN_USER, 'notice');
    const save = await request(stack.web).post(href('profileAddress')).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie)
      .send({ name: KNOWN_USER.name, zip: '5300001', address: '大阪府大阪市北区梅田', address2: '3-1-1', birthday: KNOWN_USER.birthday, gender: 'FEMALE', tel: KNOWN_USER.tel })
      .expect(303);
    expect(save.headers.location).toBe(`${href('profileAddress')}?done=address`);
    const page = await request(stack.web).get(save.headers.location as string).set('cookie', cookie).expect(200);
    const notice = /<div class="flash-notice delivery-notice" role="status">(.*?)<\/div>/s.exec(page.text)?.[1] ?? '';
    expect(notice).toContain('登録情報を変更しました。');
    expect(notice).toContain(`ソラの${label(boxes.chargedShip)}、ミライの${label(boxes.openShip)}は新しいお届け先へお届けします。`);
    expect(notice).toContain(`ミライの${label(boxes.preparingShip)}は発送準備中のため、変更前のお届け先へお届けします。`);
    expect(notice).toContain(`ソラの${label(boxes.shippedShip)}は発送済みのため、変更前のお届け先へお届けします。`);
  });

  it('shows no notice on a plain visit', async () => {
    const { cookie } = await signedIn('plain@example.com');
    const page = await request(stack.web).get(href('profileAddress')).set('cookie', cookie).expect(200);
    expect(page.text).not.toContain('delivery-notice');
  });
});
