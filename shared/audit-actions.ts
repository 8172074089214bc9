import type { Text } from './text.ts';

/**
 * Every action the audit trail records, with what it reads as in a sentence (issue 32: the audit
 * log reads as sentences, filtered by an action chosen from this list). `AuditEntry.action` is
 * typed by it (api/staff/audit.service.ts), so a new action cannot be written without its words.
 * `{t}` is where the target goes (「注文12」, "order 12").
 */
export const AUDIT_ACTIONS = {
  'staff.login': { ja: 'ログインしました', en: 'signed in' },
  'staff.logout': { ja: 'ログアウトしました', en: 'signed out' },
  'staff.setup': { ja: '二段階認証を設定しました', en: 'set up their second factor' },
  'staff.add': { ja: '{t}を追加しました', en: 'added {t}' },
  'staff.change': { ja: '{t}の役割・状態を変更しました', en: 'changed the role or state of {t}' },
  'staff.reset-second-factor': { ja: '{t}の二段階認証をリセットしました', en: 'reset the second factor of {t}' },
  'staff.rotate-secret-key': { ja: '二段階認証の暗号鍵を更新しました', en: 'rotated the staff secret key' },
  'access.refused': { ja: '権限のない操作（{t}）を拒否されました', en: 'was refused {t}' },
  'audit.export': { ja: '監査ログをCSVで出力しました', en: 'exported the audit trail' },
  'reports.export': { ja: '会計レポートを出力しました', en: 'exported the accounting report' },
  'rounds.export': { ja: '{t}の出荷リストを出力しました', en: 'exported the shipping list of {t}' },
  'shipments.shipped': { ja: '発送ファイルを取り込みました（{t}）', en: 'imported a shipped file ({t})' },
  'shipments.delivered': { ja: '配達完了ファイルを取り込みました（{t}）', en: 'imported a delivered file ({t})' },
  'billing.retry': { ja: '{t}を再実行しました', en: 'retried {t}' },
  'billing.reconcile': { ja: '{t}を決済会社と照合しました', en: 'reconciled {t} with the provider' },
  'catalogue.artist.create': { ja: '{t}を下書きとして追加しました', en: 'added {t} as a draft' },
  'catalogue.artist.publish': { ja: '{t}を公開しました', en: 'published {t}' },
  'catalogue.artist.schedule': { ja: '{t}の公開を予約しました', en: 'scheduled {t} to be published' },
  'catalogue.artist.unpublish': { ja: '{t}を非公開（下書き）に戻しました', en: 'unpublished {t} (back to draft)' },
  'catalogue.artist.archive': { ja: '{t}をアーカイブしました', en: 'archived {t}' },
  'catalogue.artist.delete': { ja: '{t}を削除しました', en: 'deleted {t}' },
  'catalogue.artist.update': { ja: '{t}を編集しました', en: 'edited {t}' },
  'catalogue.plan.create': { ja: '{t}を下書きとして追加しました', en: 'added {t} as a draft' },
  'catalogue.plan.publish': { ja: '{t}を公開しました', en: 'published {t}' },
  'catalogue.plan.schedule': { ja: '{t}の公開を予約しました', en: 'scheduled {t} to be published' },
  'catalogue.plan.unpublish': { ja: '{t}を非公開（下書き）に戻しました', en: 'unpublished {t} (back to draft)' },
  'catalogue.plan.archive': { ja: '{t}をアーカイブしました', en: 'archived {t}' },
  'catalogue.plan.delete': { ja: '{t}を削除しました', en: 'deleted {t}' },
  'catalogue.plan.update': { ja: '{t}を編集しました', en: 'edited {t}' },
  'catalogue.plan.price': { ja: '{t}の価格を変更しました', en: 'changed the price of {t}' },
  'catalogue.round.create': { ja: '{t}を追加しました', en: 'added {t}' },
  'catalogue.round.update': { ja: '{t}を編集しました', en: 'edited {t}' },
  'catalogue.round.goods': { ja: '{t}の中身を登録しました', en: 'recorded the goods of {t}' },
  'catalogue.news.create': { ja: '{t}を下書きとして追加しました', en: 'added {t} as a draft' },
  'catalogue.news.publish': { ja: '{t}を公開しました', en: 'published {t}' },
  'catalogue.news.schedule': { ja: '{t}の公開を予約しました', en: 'scheduled {t} to be published' },
  'catalogue.news.unpublish': { ja: '{t}を非公開（下書き）に戻しました', en: 'unpublished {t} (back to draft)' },
  'catalogue.news.update': { ja: '{t}を編集しました', en: 'edited {t}' },
  'catalogue.banner.create': { ja: '{t}を下書きとして追加しました', en: 'added {t} as a draft' },
  'catalogue.banner.publish': { ja: '{t}を公開しました', en: 'published {t}' },
  'catalogue.banner.schedule': { ja: '{t}の公開を予約しました', en: 'scheduled {t} to be published' },
  'catalogue.banner.unpublish': { ja: '{t}を非公開（下書き）に戻しました', en: 'unpublished {t} (back to draft)' },
  'catalogue.banner.archive': { ja: '{t}をアーカイブしました', en: 'archived {t}' },
  'catalogue.banner.delete': { ja: '{t}を削除しました', en: 'deleted {t}' },
  'catalogue.banner.update': { ja: '{t}を編集しました', en: 'edited {t}' },
  'catalogue.image.upload': { ja: '{t}をアップロードしました', en: 'uploaded {t}' },
  'catalogue.image.delete': { ja: '{t}を削除しました', en: 'deleted {t}' },
  'catalogue.bonus.add': { ja: '{t}を追加しました', en: 'added {t}' },
  'catalogue.bonus.delete': { ja: '{t}を削除しました', en: 'deleted {t}' },
  'catalogue.bonus.codes': { ja: '{t}にシリアルコードを追加しました', en: 'added serial codes to {t}' },
  'customer.refund': { ja: '{t}の返金を受け付けました', en: 'started a refund of {t}' },
  'customer.refund.result': { ja: '{t}の返金を決済会社に送りました', en: 'sent the refund of {t} to the provider' },
  'refund.transfer.done': { ja: '{t}の返金を銀行振込で済ませました', en: 'marked the bank transfer refund of {t} done' },
  'customer.ship-to': { ja: '{t}のお届け先を修正しました', en: 'corrected the address of {t}' },
  'customer.mail.resend': { ja: '{t}のメールを再送しました', en: 'resent the mail of {t}' },
  'orders.export': { ja: '注文一覧から選んだ注文をCSVで出力しました', en: 'exported the selected orders as CSV' },
  'orders.resend': { ja: '注文一覧から選んだ注文のお支払い完了メールを再送しました', en: 'resent the payment mail of the selected orders' },
  'customer.note': { ja: '{t}にメモを追加しました', en: 'added a note to {t}' },
  'customer.plan.skip': { ja: '{t}の次の回をスキップしました', en: 'skipped the next round of {t}' },
  'customer.plan.pause': { ja: '{t}を休止しました', en: 'paused {t}' },
  'customer.plan.resume': { ja: '{t}を再開しました', en: 'resumed {t}' },
  'customer.plan.cancel': { ja: '{t}を解約しました', en: 'cancelled {t}' },
} as const satisfies Record<string, Text>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** What a target is called in a sentence: 「注文12」, 「定期便4」 / "order 12". */
const TARGETS: Record<string, Text> = {
  staff: { ja: 'スタッフ', en: 'staff member' },
  endpoint: { ja: '', en: '' },
  user: { ja: '会員', en: 'customer' },
  user_plan: { ja: '定期便', en: 'subscription' },
  order: { ja: '注文', en: 'order' },
  charge: { ja: '決済', en: 'charge' },
  round: { ja: '回', en: 'round' },
  plan: { ja: 'プラン', en: 'plan' },
  artist: { ja: 'アーティスト', en: 'artist' },
  news: { ja: 'お知らせ', en: 'news item' },
  banner: { ja: 'バナー', en: 'banner' },
  media: { ja: '画像', en: 'image' },
  bonus: { ja: '特典', en: 'bonus' },
  report: { ja: 'レポート', en: 'report' },
  shipment_import: { ja: '取り込み', en: 'import' },
  audit_log: { ja: '', en: '' },
};

export interface AuditSentenceInput {
  staffEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  before: unknown;
  after: unknown;
}

const OUTCOME_NOTE: Record<string, Text> = {
  failure: { ja: '（失敗）', en: ' (failed)' },
  refused: { ja: '（拒否）', en: ' (refused)' },
};

/**
 * 「support@oshibox.example が注文12の返金を受け付けました（status: pending → done）」 /
 * "support@oshibox.example started a refund of order 12 (status: pending → done)": who did what
 * to whom, and what changed. An action the table does not know reads as its code.
 */
export function auditSentence(entry: AuditSentenceInput): Text {
  const verb: Text = isAuditAction(entry.action) ? AUDIT_ACTIONS[entry.action] : { ja: `${entry.action}（{t}）`, en: `${entry.action} ({t})` };
  const kind = entry.targetType === null ? { ja: '', en: '' } : (TARGETS[entry.targetType] ?? { ja: entry.targetType, en: entry.targetType });
  const id = entry.targetId ?? '';
  const target = { ja: `${kind.ja}${id}` || '—', en: [kind.en, id].filter(Boolean).join(' ') || '—' };
  const change = changeOf(entry.before, entry.after);
  const note = OUTCOME_NOTE[entry.outcome] ?? { ja: '', en: '' };
  return {
    ja: `${entry.staffEmail} が${verb.ja.replace('{t}', target.ja)}${note.ja}${change ? `（${change}）` : ''}`,
    en: `${entry.staffEmail} ${verb.en.replace('{t}', target.en)}${note.en}${change ? ` (${change})` : ''}`,
  };
}

const MAX_CHANGE = 200;

/** 「open: true → false, role: support → owner」: the keys whose value changed, bounded. */
export function changeOf(before: unknown, after: unknown): string {
  if (!isRecord(after)) return '';
  const was = isRecord(before) ? before : {};
  const parts = Object.keys(after).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(after[key]))
    .map((key) => (key in was ? `${key}: ${shown(was[key])} → ${shown(after[key])}` : `${key}: ${shown(after[key])}`));
  const text = parts.join(', ');
  return text.length > MAX_CHANGE ? `${text.slice(0, MAX_CHANGE - 1)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
