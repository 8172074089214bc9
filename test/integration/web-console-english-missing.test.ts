import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaffSession, STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { buildArtist, buildPlan, insertArtist, insertPlan } from './api-fixtures.ts';

/**
 * Issue 31: the console's catalogue lists say which records lack the English the shop shows in
 * English mode (「英語未入力」), so the operator knows what to translate. Each list has one record
 * with its English and one without; only the second is marked.
 */
let stack: Stack;
let admin: ConsoleServer;
let cookie = '';
let translatedArtist = 0;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack, { ADMIN_ORIGIN: stack.config.PUBLIC_ORIGIN });
  const db = stack.database.handle.db;
  const now = new Date();
  const { id } = await db.insertInto('staff').values({
    email: 'catalogue@oshibox.example', role: 'catalogue', password_hash: 'x', totp_secret: 'x', enrolled_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  cookie = `${STAFF_COOKIE}=${await startStaffSession(db, id, now)}`;
  translatedArtist = await insertArtist(db, buildArtist({ slug: 'en-done', name: '英語あり', description: '紹介文', description_en: 'About' }));
  await insertArtist(db, buildArtist({ slug: 'en-missing', name: '英語なし', description: '紹介文', description_en: null }));
  await insertPlan(db, buildPlan(translatedArtist, { name: '訳ありプラン', name_en: 'Translated plan', attention: '注意', attention_en: 'Note' }));
  // The name has its English, the attention not: the plan still lacks English.
  await insertPlan(db, buildPlan(translatedArtist, { name: '訳なしプラン', name_en: 'Half plan', attention: '注意', attention_en: '', sort: 2 }));
  await db.insertInto('banners').values([
    { title: '訳ありバナー', subtitle: '副題', title_en: 'Translated banner', subtitle_en: 'Subtitle', image: '/api/media/test/b1.svg' },
    { title: '訳なしバナー', subtitle: '', title_en: null, subtitle_en: null, image: '/api/media/test/b2.svg' },
  ]).execute();
  await db.insertInto('news').values([
    { title: '訳ありお知らせ', message: '本文', title_en: 'Translated news', message_en: 'Body' },
    { title: '訳なしお知らせ', message: '本文', title_en: 'Untranslated body', message_en: null },
  ]).execute();
});
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

/** The list's rows (table rows or list items) by the name they show, with whether each is marked. */
async function marks(path: string): Promise<Record<string, boolean>> {
  const res = await request(admin.app).get(path).set('cookie', cookie);
  expect(res.status).toBe(200);
  const rows: Record<string, boolean> = {};
  for (const [, row = ''] of res.text.matchAll(/<(?:tr|li)>([\s\S]*?)<\/(?:tr|li)>/g)) {
    const name = /<a [^>]*>([^<]*)<\/a>/.exec(row)?.[1];
    if (name) rows[name] = row.includes('英語未入力');
  }
  return rows;
}

describe('the console marks catalogue records without English', () => {
  it('on the artists, plans, banners and news lists', async () => {
    expect(await marks('/catalogue')).toMatchObject({ 英語あり: false, 英語なし: true });
    expect(await marks(`/catalogue/artists/${translatedArtist}`)).toMatchObject({ 訳ありプラン: false, 訳なしプラン: true });
    expect(await marks('/catalogue/banners')).toMatchObject({ 訳ありバナー: false, 訳なしバナー: true });
    expect(await marks('/catalogue/news')).toMatchObject({ 訳ありお知らせ: false, 訳なしお知らせ: true });
  });
});
