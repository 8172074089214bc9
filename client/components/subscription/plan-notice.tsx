import { useSearchParams } from 'react-router';
import { href } from '../../../shared/routes.ts';
import { fromIssueKey } from '../../../shared/subscription-rules.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/** What each change says after the redirect; the round comes from `from` (an issueKey). */
const PLAN_NOTICES = {
  change: { ja: 'プランを変更しました', en: 'Your plan was changed' },
  skip: { ja: 'スキップを受け付けました', en: 'The round is skipped' },
  pause: { ja: '休止しました', en: 'Your plan is paused' },
  resume: { ja: '再開しました', en: 'Your plan is resumed' },
  cancel: { ja: '解約しました', en: 'Your plan was cancelled' },
  undoSkip: { ja: 'スキップを取り消しました', en: 'The skip is undone' },
  undoPause: { ja: '休止を取り消しました', en: 'The pause is undone' },
} as const satisfies Record<string, Text>;

export function planNoticePath(kind: keyof typeof PLAN_NOTICES, from: string): string {
  return `${href('plan')}?done=${kind}&from=${from}`;
}

/** The notice after a change, naming the round it applies from (only known keys are shown). */
export function PlanDoneNotice() {
  const [params] = useSearchParams();
  const t = useT();
  const kind = params.get('done');
  const from = fromIssueKey(params.get('from'));
  if (!kind || !Object.hasOwn(PLAN_NOTICES, kind) || !from) return null;
  const text = PLAN_NOTICES[kind as keyof typeof PLAN_NOTICES];
  return <p className="flash-notice" role="status">{t({ ja: `${text.ja}（${from.ja}反映）`, en: `${text.en} (${from.en}).` })}</p>;
}

