import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { startStaffSession, STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { adminHref } from '../../shared/admin-routes.ts';
import { href } from '../../shared/routes.ts';
import { insertSession } from '../integration/api-fixtures.ts';

/**
 * The pages behind a sign-in, over the demo shop with its customers (seedDemo `customers`): a
 * customer's my pages and a checkout, and the console's pages as its owner sees them. Each page
 * is named for failure messages; `cookie` is the session it is fetched with.
 */
export interface SignedInPage {
  name: string;
  path: string;
}

const HOUR = 3_600_000;

/** A demo customer with an active subscription and a paid order, signed in recently (the secure pages open). */
export async function signInDemoCustomer(db: Kysely<DB>): Promise<{ cookie: string; pages: SignedInPage[] }> {
  const held = await db.selectFrom('plan_order_histories as h')
    .innerJoin('user_plans as up', 'up.id', 'h.user_plan_id')
    .innerJoin('plans as p', 'p.id', 'up.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['h.id as historyId', 'h.user_id as userId', 'p.id as planId', 'a.slug'])
    .where('h.payment_status', '=', 'SUCCESS').where('up.status', '=', 'ACTIVE').where('a.is_close', '=', false)
    .orderBy('h.id').executeTakeFirstOrThrow();
  // Checkout: an open plan the customer does not hold.
  const other = await db.selectFrom('plans as p').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id as planId', 'a.slug']).where('a.is_close', '=', false)
    .where('p.id', 'not in', db.selectFrom('user_plans').select('plan_id').where('user_id', '=', held.userId))
    .orderBy('a.sort').orderBy('p.sort').executeTakeFirstOrThrow();
  const token = `html-valid-session-${held.userId}-0123456789abcdef`;
  await insertSession(db, { token, userId: held.userId, expiresAt: new Date(Date.now() + 24 * HOUR), secureUntil: new Date(Date.now() + HOUR) });
  const mine = { slug: held.slug, planId: held.planId };
  const pages: SignedInPage[] = [
    { name: 'profile', path: href('profile') },
    { name: 'profile-password', path: href('profilePassword') },
    { name: 'profile-email', path: href('profileEmail') },
    { name: 'profile-payment', path: href('profilePayment') },
    { name: 'profile-address', path: href('profileAddress') },
    { name: 'my-plans', path: href('plan') },
    { name: 'plan-change', path: `${href('planChange', mine)}?planId=${held.planId}&count=2` },
    { name: 'plan-skip', path: href('planSkip', mine) },
    { name: 'plan-pause', path: href('planPause', mine) },
    { name: 'plan-delete', path: href('planDelete', mine) },
    { name: 'order-history', path: href('orderHistory') },
    { name: 'receipt', path: href('receipt', { id: held.historyId }) },
    { name: 'vault', path: href('vault') },
    { name: 'checkout', path: href('checkout', { slug: other.slug, planId: other.planId }) },
    { name: 'checkout-en', path: `${href('checkout', { slug: other.slug, planId: other.planId })}?lang=en` },
    { name: 'complete', path: href('complete', mine) },
  ];
  return { cookie: `${SESSION_COOKIE}=${token}`, pages };
}

/** The console's owner (every page open to them) and its pages, on the demo shop's rows. */
export async function signInConsoleOwner(db: Kysely<DB>): Promise<{ cookie: string; pages: SignedInPage[] }> {
  const now = new Date();
  const { id } = await db.insertInto('staff').values({
    email: 'html-valid-owner@oshibox.example', role: 'owner', password_hash: 'x', totp_secret: 'x', enrolled_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  // A round already charged, so its billing page has rows.
  const charged = await db.selectFrom('plan_order_histories').select('plan_order_id').where('payment_status', '=', 'SUCCESS').orderBy('id').executeTakeFirstOrThrow();
  const round = String(charged.plan_order_id);
  const customer = await db.selectFrom('users').select('id').where('email', 'like', 'demo-customer-%').orderBy('id').executeTakeFirstOrThrow();
  const ids = {
    artist: (await db.selectFrom('artists').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    plan: (await db.selectFrom('plans').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    news: (await db.selectFrom('news').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    banner: (await db.selectFrom('banners').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
  };
  const pages: SignedInPage[] = [
    { name: 'console-home', path: adminHref('home') },
    { name: 'console-rounds', path: adminHref('rounds') },
    { name: 'console-round', path: adminHref('round', { id: round }) },
    { name: 'console-billing', path: adminHref('billing') },
    { name: 'console-billing-round', path: adminHref('billingRound', { id: round }) },
    { name: 'console-reports', path: adminHref('reports') },
    { name: 'console-catalogue', path: adminHref('catalogue') },
    { name: 'console-artist-new', path: adminHref('catalogueArtistNew') },
    { name: 'console-artist', path: adminHref('catalogueArtist', { id: String(ids.artist) }) },
    { name: 'console-plan', path: adminHref('cataloguePlan', { id: String(ids.plan) }) },
    { name: 'console-catalogue-round', path: adminHref('catalogueRound', { id: round }) },
    { name: 'console-round-bonuses', path: adminHref('catalogueRoundBonuses', { id: round }) },
    { name: 'console-artist-bonuses', path: adminHref('catalogueArtistBonuses', { id: String(ids.artist) }) },
    { name: 'console-news', path: adminHref('catalogueNews') },
    { name: 'console-news-item', path: adminHref('catalogueNewsItem', { id: String(ids.news) }) },
    { name: 'console-banners', path: adminHref('catalogueBanners') },
    { name: 'console-banner', path: adminHref('catalogueBanner', { id: String(ids.banner) }) },
    { name: 'console-customers', path: adminHref('customers') },
    { name: 'console-customer', path: adminHref('customer', { id: String(customer.id) }) },
    { name: 'console-staff', path: adminHref('staff') },
    { name: 'console-audit', path: adminHref('audit') },
  ];
  return { cookie: `${STAFF_COOKIE}=${await startStaffSession(db, id, now)}`, pages };
}
