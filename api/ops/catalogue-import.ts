import type { Kysely, Transaction } from 'kysely';
import {
  catalogueProblem,
  formatPath,
  MAX_PROBLEMS,
  parseCatalogueFile,
  type CatalogueProblem,
} from '../../shared/catalogue-import-problems.ts';
import type {
  CatalogueArtist, CatalogueBanner, CatalogueFile, CatalogueNews, CataloguePlan, CatalogueRound,
} from '../../shared/catalogue-import-schema.ts';
import { roundsBreakingPeriod, roundTooCloseText, spacingConflict } from '../../shared/plan-period.ts';
import type { DB } from '../db/schema.ts';
import { BadRequestError } from '../http/errors.ts';
import * as repo from './catalogue-import.repository.ts';
import { mediaProblems, storeMedia, type CatalogueMediaFile } from './catalogue-media.ts';
import * as values from './catalogue-import.values.ts';

/**
 * `npm run ops -- catalogue import <file.json>` (and the operator endpoint): a catalogue file
 * (shared/catalogue-import-schema.ts) applied in one transaction, upserting by natural keys.
 * Nothing is deleted except the tags an artist no longer lists and the goods a not-yet-shipped
 * round no longer lists; to take an artist off the shop, set `isClose`.
 */
export type CatalogueEntity = 'artists' | 'plans' | 'rounds' | 'goods' | 'news' | 'banners' | 'media';

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Goods only: dropped from a round that has not shipped. */
  deleted: number;
}

export type CatalogueImportReport = Record<CatalogueEntity, ImportCounts> & {
  /** Not errors: `/api/media/…` images with no media row yet (the page shows a broken picture). */
  warnings: CatalogueProblem[];
};

/** A file that does not parse, or does not fit the rows already stored; nothing was written. */
export class CatalogueImportError extends BadRequestError {
  readonly problems: CatalogueProblem[];
  /** Problems found in all; `problems` holds the first MAX_PROBLEMS. */
  readonly total: number;

  constructor(problems: CatalogueProblem[], total = problems.length) {
    super(
      { ja: `カタログファイルに${total}件の問題があります。何も書き込んでいません。`, en: `The catalogue file has ${total} problem(s); nothing was written.` },
      Object.fromEntries(problems.map((p) => [p.path, p.message])),
    );
    this.name = 'CatalogueImportError';
    this.problems = problems;
    this.total = total;
  }
}

export interface ImportOptions {
  /** Decides which rounds are past their deadline or shipped; the clock by default. */
  now?: Date;
  /** The pictures the file brings (catalogue-media.ts), stored in the same transaction. */
  media?: readonly CatalogueMediaFile[];
}

type Outcome = 'inserted' | 'updated' | 'unchanged';
type Path = readonly (string | number)[];

interface Run {
  trx: Transaction<DB>;
  now: Date;
  report: CatalogueImportReport;
  problems: CatalogueProblem[];
  /** `/api/media/…` images of the file, checked against the media table at the end. */
  images: { path: Path; value: string }[];
}

export async function importCatalogue(db: Kysely<DB>, input: unknown, options: ImportOptions = {}): Promise<CatalogueImportReport> {
  const parsed = parseCatalogueFile(input);
  if (!parsed.ok) throw new CatalogueImportError(parsed.problems, parsed.total);
  const { file } = parsed;
  const media = options.media ?? [];
  const refused = mediaProblems(media);
  if (refused.length > 0) throw new CatalogueImportError(refused.slice(0, MAX_PROBLEMS), refused.length);
  return db.transaction().execute(async (trx) => {
    await repo.lockCatalogue(trx);
    const run: Run = { trx, now: options.now ?? new Date(), report: emptyReport(), problems: [], images: [] };
    run.report.media = await storeMedia(trx, media);
    await applyFile(run, file);
    // Throwing inside the callback rolls the whole transaction back: all or nothing.
    if (run.problems.length > 0) throw new CatalogueImportError(run.problems.slice(0, MAX_PROBLEMS), run.problems.length);
    run.report.warnings = await missingMedia(run);
    return run.report;
  });
}

async function applyFile(run: Run, file: CatalogueFile): Promise<void> {
  for (const [i, artist] of file.artists.entries()) await applyArtist(run, artist, ['artists', i]);
  for (const [i, item] of file.news.entries()) await applyNews(run, item, ['news', i]);
  for (const [i, banner] of file.banners.entries()) await applyBanner(run, banner, ['banners', i]);
}

async function applyArtist(run: Run, artist: CatalogueArtist, path: Path): Promise<void> {
  const found = await repo.findArtists(run.trx, artist.slug);
  const row = found[0];
  const tagsChanged = row ? !sameSet(await repo.findTags(run.trx, row.id), artist.tags) : true;
  const id = await upsert(run, 'artists', found, [...path, 'slug'], values.artistValues(artist), repo.save.artists, tagsChanged);
  if (id === null) return;
  if (tagsChanged) await repo.replaceTags(run.trx, id, artist.tags);
  noteImage(run, [...path, 'icon'], artist.icon);
  noteImage(run, [...path, 'coverImage'], artist.coverImage);
  for (const [i, plan] of artist.plans.entries()) await applyPlan(run, id, plan, [...path, 'plans', i]);
}

async function applyPlan(run: Run, artistId: number, plan: CataloguePlan, path: Path): Promise<void> {
  const found = await repo.findPlans(run.trx, artistId, plan.name);
  const id = await upsert(run, 'plans', found, [...path, 'name'], values.planValues(artistId, plan), repo.save.plans);
  if (id === null) return;
  for (const [i, round] of plan.rounds.entries()) await applyRound(run, id, plan, round, [...path, 'rounds', i]);
  await checkPeriod(run, id, plan, path);
}

/**
 * With the file's rounds in, the plan's rounds stand its period apart (shared/plan-period.ts);
 * a round too close to another is a problem at that round's shipDate (or at the plan's period
 * when the round is not in the file), and nothing is written.
 */
async function checkPeriod(run: Run, planId: number, plan: CataloguePlan, path: Path): Promise<void> {
  const rounds = await repo.roundDatesOf(run.trx, planId);
  for (const round of roundsBreakingPeriod(plan.period, rounds)) {
    const index = plan.rounds.findIndex((r) => r.name === round.name);
    const at = index === -1 ? [...path, 'period'] : [...path, 'rounds', index, 'shipDate'];
    const other = spacingConflict(plan.period, round, rounds.filter((r) => r.id !== round.id));
    run.problems.push({ path: formatPath(at), message: roundTooCloseText(plan.period, other?.other.name ?? '') });
  }
}

/**
 * A round past its deadline has been charged (the billing run reads `end_date`): its dates and
 * prices stay as they are, and a file that changes them is refused rather than silently ignored.
 */
async function applyRound(run: Run, planId: number, plan: CataloguePlan, round: CatalogueRound, path: Path): Promise<void> {
  const found = await repo.findRounds(run.trx, planId, round.name);
  const wanted = values.roundValues(planId, plan, round);
  const row = found.length === 1 ? found[0] : undefined;
  if (row && row.end_date <= run.now && !values.holdsValues(row, wanted)) {
    run.problems.push(catalogueProblem(path, 'roundFrozen'));
    return;
  }
  const id = await upsert(run, 'rounds', found, [...path, 'name'], wanted, repo.save.rounds);
  if (id === null || round.goods === undefined) return;
  await applyGoods(run, id, round.goods, row !== undefined && row.ship_date <= run.now, path);
}

/**
 * The goods listed are upserted by name. In a round not yet shipped the list is the whole box:
 * goods it no longer names are deleted (nobody has seen them; the surprise is still closed). In a
 * shipped round the goods are what shoppers received and the shop shows as a past box: the file
 * may correct or add goods, but what it leaves out stays (removing one is a deliberate SQL fix).
 * A round whose `goods` is absent is never touched.
 */
async function applyGoods(run: Run, roundId: number, goods: NonNullable<CatalogueRound['goods']>, shipped: boolean, path: Path): Promise<void> {
  const stored = await repo.findGoods(run.trx, roundId);
  for (const [i, item] of goods.entries()) {
    const itemPath = [...path, 'goods', i];
    const found = stored.filter((row) => row.name === item.name);
    await upsert(run, 'goods', found, [...itemPath, 'name'], values.goodsValues(roundId, item, i), repo.save.goods);
    noteImage(run, [...itemPath, 'image'], item.image);
  }
  if (shipped) return;
  const listed = new Set(goods.map((g) => g.name));
  const dropped = stored.filter((row) => !listed.has(row.name)).map((row) => row.id);
  await repo.deleteGoods(run.trx, dropped);
  run.report.goods.deleted += dropped.length;
}

async function applyNews(run: Run, item: CatalogueNews, path: Path): Promise<void> {
  const found = await repo.findNews(run.trx, item.title);
  await upsert(run, 'news', found, [...path, 'title'], values.newsValues(item, found[0]?.published_at ?? run.now), repo.save.news);
}

async function applyBanner(run: Run, banner: CatalogueBanner, path: Path): Promise<void> {
  const found = await repo.findBanners(run.trx, banner.title);
  await upsert(run, 'banners', found, [...path, 'title'], values.bannerValues(banner), repo.save.banners);
  noteImage(run, [...path, 'image'], banner.image);
}

/**
 * Inserts, updates or leaves one row, counting the outcome; null (and a problem at `keyPath`)
 * when the database already holds the key twice. `alsoChanged`: a change outside the row (tags).
 */
async function upsert<V extends Record<string, unknown>>(
  run: Run,
  entity: CatalogueEntity,
  found: readonly ({ id: number } & Record<string, unknown>)[],
  keyPath: Path,
  wanted: V,
  save: (trx: Transaction<DB>, id: number | null, values: V) => Promise<number>,
  alsoChanged = false,
): Promise<number | null> {
  if (found.length > 1) {
    run.problems.push(catalogueProblem(keyPath, 'ambiguousKey'));
    return null;
  }
  const row = found[0];
  const same = row !== undefined && values.holdsValues(row, wanted);
  const outcome: Outcome = row === undefined ? 'inserted' : same && !alsoChanged ? 'unchanged' : 'updated';
  const id = row !== undefined && same ? row.id : await save(run.trx, row?.id ?? null, wanted);
  run.report[entity][outcome] += 1;
  return id;
}

function noteImage(run: Run, path: Path, value: string): void {
  if (value.startsWith('/api/media/')) run.images.push({ path, value });
}

async function missingMedia(run: Run): Promise<CatalogueProblem[]> {
  const paths = [...new Set(run.images.map((image) => image.value.slice('/api/media/'.length)))];
  const stored = await repo.existingMedia(run.trx, paths);
  return run.images
    .filter((image) => !stored.has(image.value.slice('/api/media/'.length)))
    .map((image) => ({
      path: formatPath(image.path),
      message: {
        ja: `画像 ${image.value} はまだ登録されていません。カタログファイルの隣の media/${image.value.slice('/api/media/'.length)} に画像を置いて、もう一度インポートしてください。`,
        en: `No media row for ${image.value} yet: put the picture at media/${image.value.slice('/api/media/'.length)} next to the catalogue file and import it again.`,
      },
    }));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}

function emptyReport(): CatalogueImportReport {
  const counts = (): ImportCounts => ({ inserted: 0, updated: 0, unchanged: 0, deleted: 0 });
  return { artists: counts(), plans: counts(), rounds: counts(), goods: counts(), news: counts(), banners: counts(), media: counts(), warnings: [] };
}
