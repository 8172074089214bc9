import type { CatalogueArtistFields, CataloguePlanFields } from '../catalogue-import-schema.ts';
import type { Publishable } from '../publish-state.ts';
import type { Banner } from './types.ts';

/** The console's catalogue (issue 19) as the staff API answers it under /api/staff/catalogue. */
export const CATALOGUE_PAGE_SIZE = 50;
/** The most pages a list is walked to (an offset page stays a bounded query). */
export const CATALOGUE_MAX_PAGE = 1_000;

/** An artist in the shape its form and the import file use, so editing starts from what is stored. */
export type AdminArtist = CatalogueArtistFields & Publishable & { id: number };

export interface AdminArtistPage {
  artists: AdminArtist[];
  page: number;
  pages: number;
  total: number;
}

export interface AdminRound {
  id: number;
  name: string;
  price: number;
  preTaxPrice: number;
  startDate: string;
  endDate: string;
  shipDate: string;
  /** Something was charged or reserved for it: its price never changes again. */
  charged: boolean;
}

export type AdminPlan = CataloguePlanFields & Publishable & { id: number; artistId: number; rounds: AdminRound[] };

/** What the confirm step of a price change shows before saving. */
export interface PricePreview {
  planId: number;
  before: { price: number; preTaxPrice: number };
  after: { price: number; preTaxPrice: number };
  /** The first round the new price applies to; null when the plan has no round open to it yet. */
  fromRound: AdminRound | null;
  /** Subscriptions told by mail (one mail each). */
  subscribers: number;
}

export interface PriceChanged extends PricePreview {
  changeId: number;
}

export const IMAGE_KINDS = ['icon', 'cover', 'banner', 'box'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** An uploaded picture: its immutable URL (the content's hash is in the name) and what it became. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  bytes: number;
  contentType: string;
}

/** A round with what its box contains (shown to shoppers once it is delivered). */
export interface AdminRoundDetail extends AdminRound {
  planId: number;
  goods: { name: string; description: string; image: string; sort: number }[];
}

/** News and banners as their console forms show them (instants as ISO strings). */
export interface AdminNews extends Publishable {
  id: number;
  title: string;
  message: string;
  titleEn: string | null;
  messageEn: string | null;
  link: string;
  publishedAt: string;
}

/** A banner as the console edits it: the shop's own, with the window it shows in. */
export interface AdminBanner extends Banner, Publishable {
  startsAt: string | null;
  endsAt: string | null;
}

/** A page of a list (`?page=`, CATALOGUE_PAGE_SIZE a page). */
export interface AdminPage<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/**
 * What a publish step answers (POST …/{kind}/{id}/state): the item's state after it, and for a
 * plan the live subscriptions that go on as before (docs/decisions/0081-drafts-and-publishing.md).
 */
export interface PublishAnswer extends Publishable {
  id: number;
  subscribers: number;
}

/** `?archived=1` on a console list shows the archived items instead of the others. */
export const ARCHIVED_QUERY = 'archived';
