import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { registerTestCardInVault } from './subscription-card.ts';
import type { ProfileShop, TestUser } from './profile-shop.ts';

/**
 * A catalogue for the subscription e2e tests, with dates relative to the real clock (the stack
 * runs on it): one open artist with two tiers whose open round closes in 10 days and a next round
 * after it. Returns the ids the tests navigate to.
 */
export interface E2eCatalogue {
  slug: string;
  light: number;
  premium: number;
}

const DAY = 86_400_000;

export async function seedSubscriptionCatalogue(db: Kysely<DB>, slug: string): Promise<E2eCatalogue> {
  const now = Date.now();
  const artist = await db.insertInto('artists').values({
    slug, name: `推しテスト ${slug}`, type: 'VTUBER', attribute: JSON.stringify({ links: [] }),
  }).returning('id').executeTakeFirstOrThrow();
  const plan = async (name: string, price: number, sort: number) => {
    const { id } = await db.insertInto('plans').values({ artist_id: artist.id, name, price, pre_tax_price: Math.round(price / 1.1), sort })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('plan_orders').values([
      { plan_id: id, name: '受付中の回', price, pre_tax_price: Math.round(price / 1.1), start_date: new Date(now - 5 * DAY), end_date: new Date(now + 10 * DAY), ship_date: new Date(now + 40 * DAY) },
      { plan_id: id, name: '次の回', price, pre_tax_price: Math.round(price / 1.1), start_date: new Date(now + 10 * DAY), end_date: new Date(now + 40 * DAY), ship_date: new Date(now + 70 * DAY) },
    ]).execute();
    return id;
  };
  return { slug, light: await plan('ライトプラン', 3300, 1), premium: await plan('プレミアムプラン', 5500, 2) };
}

/** A test card registered for the user (see subscription-card.ts). */
export async function registerCard(shop: ProfileShop, user: TestUser, cardNumber = '4242424242424242'): Promise<void> {
  await registerTestCardInVault(shop, user, cardNumber);
}
