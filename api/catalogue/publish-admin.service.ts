import type { PublishAnswer } from '../../shared/api/catalogue-admin.ts';
import { isAuditAction } from '../../shared/audit-actions.ts';
import type { ArtistDetail } from '../../shared/api/types.ts';
import { ARCHIVABLE_KINDS, PUBLISHED, type PublishableKind, type PublishIntent } from '../../shared/publish-state.ts';
import type { Text } from '../../shared/text.ts';
import { previewArtistDetail } from '../artist/artist.service.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { lockCatalogue } from '../ops/catalogue-import.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { countSubscribers } from './catalogue.repository.ts';
import { publishableOf } from './publishable.ts';

/**
 * The publish steps of the console's catalogue (issue 32, docs/decisions/0081-drafts-and-publishing.md):
 * publish now, schedule (published from a time; the public queries compare it with the request's
 * clock), back to draft, archive. Each is checked by the catalogue role (the router's guard) and
 * written to the audit trail with the state before and after, in the transaction of the change.
 */
const TABLES = { artist: 'artists', plan: 'plans', banner: 'banners', news: 'news' } as const;

export const KIND_NAMES: Record<PublishableKind, Text> = {
  artist: { ja: 'アーティスト', en: 'Artist' },
  plan: { ja: 'プラン', en: 'Plan' },
  banner: { ja: 'バナー', en: 'Banner' },
  news: { ja: 'お知らせ', en: 'News' },
};

const M = {
  publishAtRequired: { ja: '公開日時を入力してください。', en: 'Enter publishAt, the time to publish at.' },
  publishAtPast: { ja: '公開日時は今より後にしてください（今すぐなら「公開する」）。', en: 'publishAt must be in the future (use Publish to publish now).' },
  notArchivable: { ja: 'お知らせはアーカイブできません。非公開に戻してください。', en: 'News cannot be archived; unpublish it instead.' },
} satisfies Record<string, Text>;

export interface PublishInput {
  intent: PublishIntent;
  publishAt?: Date | undefined;
}

function nextState(kind: PublishableKind, input: PublishInput, now: Date) {
  switch (input.intent) {
    case 'publish':
      return { publish_state: PUBLISHED, publish_at: null };
    case 'schedule':
      if (!input.publishAt) throw new BadRequestError(M.publishAtRequired, { publishAt: M.publishAtRequired });
      if (input.publishAt <= now) throw new BadRequestError(M.publishAtPast, { publishAt: M.publishAtPast });
      return { publish_state: PUBLISHED, publish_at: input.publishAt };
    case 'unpublish':
      return { publish_state: 'draft', publish_at: null };
    case 'archive':
      if (!ARCHIVABLE_KINDS.includes(kind)) throw new BadRequestError(M.notArchivable, { intent: M.notArchivable });
      return { publish_state: 'archived', publish_at: null };
  }
}

/** One step on one item; a plan's answer counts the live subscriptions that go on unchanged. */
export async function changePublishState(
  ctx: ApiContext, actor: AuditActor, kind: PublishableKind, id: number, input: PublishInput,
): Promise<PublishAnswer> {
  const now = ctx.now();
  const next = nextState(kind, input, now);
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const table = TABLES[kind];
    const before = await trx.selectFrom(table).select(['id', 'publish_state', 'publish_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new NotFoundError(KIND_NAMES[kind]);
    const after = await trx.updateTable(table).set(next).where('id', '=', id)
      .returning(['id', 'publish_state', 'publish_at']).executeTakeFirstOrThrow();
    const subscribers = kind === 'plan' ? await countSubscribers(trx, id) : 0;
    const action = `catalogue.${kind}.${input.intent}`;
    // Every step that got here has its sentence (news has no archive: nextState refused it).
    if (!isAuditAction(action)) throw new BadRequestError(M.notArchivable, { intent: M.notArchivable });
    const answer = { id, ...publishableOf(after), subscribers };
    await writeAudit(trx, actor, {
      action, outcome: 'success', targetType: kind, targetId: id,
      before: publishableOf(before), after: kind === 'plan' ? { ...publishableOf(after), subscribers } : publishableOf(after),
    }, now);
    return answer;
  });
}

/** The artist page as it would be published, for the console's preview (never served to the shop). */
export async function previewArtist(db: Db, id: number, now: Date): Promise<ArtistDetail> {
  return previewArtistDetail(db, id, now);
}
