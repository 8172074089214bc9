import * as z from 'zod/mini';
import { ARTIST_TYPES, DISPLAY_TYPES } from './artist-types.ts';
import { parseCatalogueLink } from './catalogue-link.ts';
import { isCleanText } from './free-text.ts';
import { withTax } from './money.ts';
import type { Text } from './text.ts';

/**
 * The file of `npm run ops -- catalogue import <file.json>`: artists with their plans, rounds and
 * goods, news and banners. Every field maps to one column of migrations 0001/0006; a field left out
 * takes the column's default, so the file describes each listed row completely (a re-import with
 * a field removed resets it). Rows not in the file are left alone. Natural keys: artist `slug`;
 * plan `name` within its artist, round `name` within its plan, goods `name` within its round,
 * news `title`, banner `title` (the tables have no key column of their own, so a rename is a new
 * row). Every problem carries a message key of CATALOGUE_MESSAGES and is reported with its path.
 */
export const MAX_CATALOGUE_BYTES = 2 * 1024 * 1024;
export const CATALOGUE_LIMITS = {
  artists: 200, plans: 20, rounds: 36, goods: 30, news: 100, banners: 50, links: 20, tags: 20, guaranteed: 10,
  /** All rows of the file together: one transaction stays short whatever the nesting allows. */
  rows: 5_000,
} as const;
const MAX_YEN = 10_000_000;
const INT4_MAX = 2_147_483_647;

export const CATALOGUE_MESSAGES = {
  fileTooLarge: { ja: `ファイルは${MAX_CATALOGUE_BYTES / 1024 / 1024}MB以内にしてください。`, en: `The file must be at most ${MAX_CATALOGUE_BYTES / 1024 / 1024} MB.` },
  notJson: { ja: 'JSONとして読めません。', en: 'This is not valid JSON.' },
  tooManyRows: { ja: `行の合計は${CATALOGUE_LIMITS.rows}件以内にしてください。`, en: `At most ${CATALOGUE_LIMITS.rows} rows in all.` },
  slug: { ja: 'スラッグは半角英小文字・数字・-・_で、英数字から始めてください。', en: 'A slug is lower-case letters, digits, - and _, starting with a letter or digit.' },
  singleLine: {
    ja: '改行・制御文字・見えない文字・文字の向きを変える制御文字は使えません。',
    en: 'No line breaks, control characters, invisible characters or characters that change the text direction.',
  },
  hiddenCharacters: {
    ja: '制御文字・見えない文字・文字の向きを変える制御文字は使えません（改行とタブは使えます）。',
    en: 'No control characters, invisible characters or characters that change the text direction (line breaks and tabs are fine).',
  },
  color: { ja: '色は #rrggbb の形で入力してください。', en: 'A colour is #rrggbb.' },
  image: { ja: '画像は /api/media/… のパスにしてください（ショップのページは他サイトの画像を表示しません）。', en: 'An image is a /api/media/… path (the shop\'s pages show no images from other sites).' },
  link: { ja: 'リンクはサイト内のパス（/…）か https:// のURLにしてください。', en: 'A link is a path of this site (/…) or an https:// URL.' },
  dateTime: { ja: '日時は時差付きのISO形式（例 2026-12-01T12:00:00+09:00）で入力してください。', en: 'A date-time is ISO 8601 with an offset (e.g. 2026-12-01T12:00:00+09:00).' },
  taxMismatch: { ja: '税込価格が税抜価格と合いません（withTax）。', en: 'The tax-included price does not match the pre-tax price (withTax).' },
  pricePair: { ja: '税込価格と税抜価格は両方入力するか、両方省略してください。', en: 'Give both price and preTaxPrice, or neither.' },
  startBeforeEnd: { ja: '受付開始は締切より前にしてください。', en: 'startDate must be before endDate.' },
  endBeforeShip: { ja: '締切はお届け日より前にしてください。', en: 'endDate (the deadline) must be before shipDate.' },
  bannerWindow: { ja: '掲載開始は掲載終了より前にしてください。', en: 'startsAt must be before endsAt.' },
  duplicateKey: { ja: '同じキーが重複しています。', en: 'This key appears twice.' },
  unknownField: { ja: '不明な項目です。', en: 'Unknown field.' },
  // Raised while applying, against the rows already in the database (api/ops/catalogue-import.ts).
  ambiguousKey: { ja: 'データベースに同じキーの行が複数あります。手作業で整理してください。', en: 'Several rows in the database have this key; tidy them by hand first.' },
  roundFrozen: {
    ja: '締切を過ぎた回の日程と価格は変更できません。',
    en: 'The dates and prices of a round past its deadline cannot change.',
  },
} satisfies Record<string, Text>;

export type CatalogueMessageKey = keyof typeof CATALOGUE_MESSAGES;

const m = (key: CatalogueMessageKey) => ({ error: key });

// ---------------------------------------------------------------------------------------------
// Fields

/**
 * Shop text refuses bidi controls and invisible characters like every free-text field
 * (shared/free-text.ts): a one-line text also line breaks and tabs.
 */
const oneLine = (v: string) => isCleanText(v);
const manyLines = (v: string) => isCleanText(v, { multiline: true });

/** A one-line text: trimmed (names are keys, so `"A "` and `"A"` must be one row). */
const line = (max: number, min = 1) => z.string().check(z.trim(), z.minLength(min), z.maxLength(max), z.refine(oneLine, m('singleLine')));
const prose = (max: number) => z.string().check(z.maxLength(max), z.refine(manyLines, m('hiddenCharacters')));
/** Optional English: absent, null or '' all mean "none" (the page shows the Japanese, lang="ja"). */
const english = (max: number, lines: 'one' | 'many' = 'one') => z.pipe(
  z._default(
    z.nullable(z.string().check(z.maxLength(max), z.refine(lines === 'one' ? oneLine : manyLines, m(lines === 'one' ? 'singleLine' : 'hiddenCharacters')))),
    null,
  ),
  z.transform((v: string | null) => v || null),
);
const int = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));
const yen = int(0, MAX_YEN);
const slug = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[a-z0-9][a-z0-9_-]*$/, m('slug')));

const MEDIA_PATH = /^\/api\/media\/[a-z0-9][a-z0-9/_.-]*$/;

/**
 * A picture: a media row the API serves (api/db/seed/seed-demo.ts `mediaUrl`). Not another site's
 * URL: the pages' CSP allows images from the shop only (`img-src 'self' data:`, server/security.server.ts),
 * so such a picture would show broken.
 */
export function isCatalogueImage(value: string): boolean {
  return MEDIA_PATH.test(value) && !value.includes('..');
}

const image = z.string().check(z.maxLength(500), z.refine((v) => v === '' || isCatalogueImage(v), m('image')));
const link = z.string().check(z.maxLength(500), z.refine((v) => parseCatalogueLink(v) !== null, m('link')));

const dateTime = z.pipe(
  z.pipe(z.string().check(z.maxLength(40)), z.iso.datetime({ offset: true, ...m('dateTime') }))
    .check(z.refine((v) => !Number.isNaN(Date.parse(v)), m('dateTime'))),
  z.transform((v: string) => new Date(v)),
);

// ---------------------------------------------------------------------------------------------
// Entities

const PlanContentsSchema = z.strictObject({
  goodsCount: int(1, 99),
  guaranteed: z._default(z.array(z.strictObject({ ja: line(100), en: english(100) })).check(z.maxLength(CATALOGUE_LIMITS.guaranteed)), []),
  limitedCount: z._default(int(0, 99), 0),
});

export const GoodsSchema = z.strictObject({
  name: line(100),
  description: z._default(prose(2_000), ''),
  image: z._default(image, ''),
  /** Display order; the position in the list (1, 2, …) when absent. */
  sort: z.optional(int(0, INT4_MAX)),
});

/** A round's own fields: the import and the console's round form (api/catalogue). */
export const RoundFieldsSchema = z.strictObject({
  name: line(100),
  startDate: dateTime,
  /** The application deadline. */
  endDate: dateTime,
  shipDate: dateTime,
});

function checkRoundDates(ctx: Ctx, round: { startDate: Date; endDate: Date; shipDate: Date }): void {
  if (round.startDate >= round.endDate) issue(ctx, ['startDate'], 'startBeforeEnd');
  if (round.endDate >= round.shipDate) issue(ctx, ['shipDate'], 'endBeforeShip');
}

export const RoundSchema = z
  .extend(RoundFieldsSchema, {
    /** Both or neither: absent, the round costs what its plan costs. */
    price: z.optional(yen),
    preTaxPrice: z.optional(yen),
    /** Absent: the round's goods are left as they are. */
    goods: z.optional(z.array(GoodsSchema).check(z.maxLength(CATALOGUE_LIMITS.goods))),
  })
  .check(z.superRefine((round, ctx) => {
    if ((round.price === undefined) !== (round.preTaxPrice === undefined)) issue(ctx, ['price'], 'pricePair');
    else checkTax(ctx, round.price, round.preTaxPrice);
    checkRoundDates(ctx, round);
    checkUnique(ctx, round.goods ?? [], (g) => g.name, 'goods');
  }));

/** The console's round: its dates; the price is the plan's and changes only through a price change. */
export const RoundInputSchema = RoundFieldsSchema.check(z.superRefine((round, ctx) => checkRoundDates(ctx, round)));

/** The contents of a round, shown once it is delivered: the whole list, as the import file gives it. */
export const RoundGoodsSchema = z
  .strictObject({ goods: z.array(GoodsSchema).check(z.maxLength(CATALOGUE_LIMITS.goods)) })
  .check(z.superRefine((value, ctx) => checkUnique(ctx, value.goods, (g) => g.name, 'goods')));

/** A plan's own fields, without its rounds: the import and the console's plan form (api/catalogue). */
export const PlanFieldsSchema = z.strictObject({
  name: line(100),
  nameEn: english(100),
  attention: z._default(prose(2_000), ''),
  attentionEn: english(2_000, 'many'),
  period: z._default(int(1, 12), 1),
  price: yen,
  preTaxPrice: yen,
  sort: z._default(int(0, INT4_MAX), 0),
  displayType: z._default(z.enum(DISPLAY_TYPES), 'NORMAL'),
  /** What every box contains (shared/api/types.ts `PlanContents`); null: not described yet. */
  contents: z._default(z.nullable(PlanContentsSchema), null),
});

export const PlanSchema = z
  .extend(PlanFieldsSchema, { rounds: z._default(z.array(RoundSchema).check(z.maxLength(CATALOGUE_LIMITS.rounds)), []) })
  .check(z.superRefine((plan, ctx) => {
    checkTax(ctx, plan.price, plan.preTaxPrice);
    checkUnique(ctx, plan.rounds, (r) => r.name, 'rounds');
  }));

const SocialLinkSchema = z.strictObject({
  /** shared/artist-types.ts SOCIAL_TYPES have their own icon; any other kind gets the default. */
  type: z.string().check(z.minLength(1), z.maxLength(30), z.regex(/^[A-Z0-9_]+$/)),
  url: link,
  label: z.optional(line(50)),
});

/** An artist's own fields, without its plans: the import and the console's artist form (api/catalogue). */
export const ArtistFieldsSchema = z.strictObject({
  slug: slug(100),
  name: line(100),
  subName: z._default(line(100, 0), ''),
  description: z._default(prose(5_000), ''),
  descriptionEn: english(5_000, 'many'),
  type: z.enum(ARTIST_TYPES),
  icon: z._default(image, ''),
  coverImage: z._default(image, ''),
  links: z._default(z.array(SocialLinkSchema).check(z.maxLength(CATALOGUE_LIMITS.links)), []),
  copyright: z._default(line(200, 0), ''),
  backgroundColor: z._default(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, m('color'))), '#ffffff'),
  sort: z._default(int(0, INT4_MAX), 0),
  /** Closed artists stay reachable but leave the lineup; this is how an artist is "removed". */
  isClose: z._default(z.boolean(), false),
  /** The artist's whole tag set: tags missing here are taken off. */
  tags: z._default(z.array(slug(50)).check(z.maxLength(CATALOGUE_LIMITS.tags)), []),
});

export const ArtistSchema = z
  .extend(ArtistFieldsSchema, { plans: z._default(z.array(PlanSchema).check(z.maxLength(CATALOGUE_LIMITS.plans)), []) })
  .check(z.superRefine((artist, ctx) => {
    checkUnique(ctx, artist.plans, (p) => p.name, 'plans');
    checkUnique(ctx, artist.tags, (t) => t, 'tags', '');
  }));

/** The console's artist (create and edit alike: the form describes the row completely, as the file does). */
export const ArtistInputSchema = ArtistFieldsSchema.check(z.superRefine((artist, ctx) => checkUnique(ctx, artist.tags, (t) => t, 'tags', '')));

/** The console's plan without its price: a price changes only through the price-change step (api/catalogue). */
export const PlanEditSchema = z.omit(PlanFieldsSchema, { price: true, preTaxPrice: true });

/** A new plan: its price is given without tax and the tax-included one derived (shared/money.ts). */
export const PlanCreateSchema = z.extend(PlanEditSchema, { preTaxPrice: yen });

/** A price change: the pre-tax price, and the round the confirm step showed it applying from. */
export const PriceChangeSchema = z.strictObject({ preTaxPrice: yen, fromRoundId: int(1, INT4_MAX) });

export const NewsSchema = z.strictObject({
  title: line(200),
  message: prose(10_000).check(z.minLength(1)),
  titleEn: english(200),
  messageEn: english(10_000, 'many'),
  /** '' for none (migration 0006 checks the same rule). */
  link: z._default(z.string().check(z.maxLength(500), z.refine((v) => v === '' || parseCatalogueLink(v) !== null, m('link'))), ''),
  open: z._default(z.boolean(), false),
  /** Absent: now for a new item, the date it has for an existing one (issue 32). */
  publishedAt: z.optional(dateTime),
});

export const BannerSchema = z
  .strictObject({
    title: line(100),
    subtitle: z._default(line(200, 0), ''),
    titleEn: english(100),
    subtitleEn: english(200),
    image: image.check(z.refine((v) => v !== '', m('image'))),
    link: z._default(link, '/'),
    sort: z._default(int(0, INT4_MAX), 0),
    /** null: no bound on that side. */
    startsAt: z._default(z.nullable(dateTime), null),
    endsAt: z._default(z.nullable(dateTime), null),
  })
  .check(z.superRefine((banner, ctx) => {
    if (banner.startsAt && banner.endsAt && banner.startsAt >= banner.endsAt) issue(ctx, ['endsAt'], 'bannerWindow');
  }));

export const CatalogueFileSchema = z
  .strictObject({
    /** The file format; a later, incompatible one gets 2. */
    version: z.literal(1),
    artists: z._default(z.array(ArtistSchema).check(z.maxLength(CATALOGUE_LIMITS.artists)), []),
    news: z._default(z.array(NewsSchema).check(z.maxLength(CATALOGUE_LIMITS.news)), []),
    banners: z._default(z.array(BannerSchema).check(z.maxLength(CATALOGUE_LIMITS.banners)), []),
  })
  .check(z.superRefine((file, ctx) => {
    checkUnique(ctx, file.artists, (a) => a.slug, 'artists', 'slug');
    checkUnique(ctx, file.news, (n) => n.title, 'news', 'title');
    checkUnique(ctx, file.banners, (b) => b.title, 'banners', 'title');
    if (countRows(file) > CATALOGUE_LIMITS.rows) issue(ctx, [], 'tooManyRows');
  }));

export type CatalogueFile = z.infer<typeof CatalogueFileSchema>;
export type CatalogueArtist = z.infer<typeof ArtistSchema>;
export type CatalogueArtistFields = z.infer<typeof ArtistFieldsSchema>;
export type CataloguePlanFields = z.infer<typeof PlanFieldsSchema>;
export type CataloguePlan = z.infer<typeof PlanSchema>;
export type CatalogueRound = z.infer<typeof RoundSchema>;
export type CatalogueGoods = z.infer<typeof GoodsSchema>;
export type CatalogueNews = z.infer<typeof NewsSchema>;
export type CatalogueBanner = z.infer<typeof BannerSchema>;

type Ctx = z.core.$RefinementCtx;

function issue(ctx: Ctx, path: PropertyKey[], key: CatalogueMessageKey): void {
  ctx.addIssue({ code: 'custom', path, message: key });
}

function checkTax(ctx: Ctx, price: number | undefined, preTaxPrice: number | undefined): void {
  if (price !== undefined && preTaxPrice !== undefined && price !== withTax(preTaxPrice)) issue(ctx, ['price'], 'taxMismatch');
}

/** Reports the second and later items of a key (`plans[3].name: …`). */
function checkUnique<T>(ctx: Ctx, items: readonly T[], keyOf: (item: T) => string, list: string, field = 'name'): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) issue(ctx, field ? [list, index, field] : [list, index], 'duplicateKey');
    seen.add(key);
  });
}

function countRows(file: CatalogueFile): number {
  let rows = file.news.length + file.banners.length;
  for (const artist of file.artists) {
    rows += 1 + artist.plans.length;
    for (const plan of artist.plans) for (const round of plan.rounds) rows += 1 + (round.goods?.length ?? 0);
  }
  return rows;
}
