import { PUBLISH_INTENTS, type PublishIntent } from '../../../shared/publish-state.ts';
import type { Text } from '../../../shared/text.ts';
import { apiFailure, formFailure, seeOther, type FormValues } from '../../data/form-action.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { fromJstInput } from './jst-input.ts';

/**
 * The publish panel's forms (publish-panel.tsx) as one action step, shared by the artist, plan,
 * banner and news pages: each form is a real POST (JavaScript or not) with its `intent`; the API
 * checks the role, the state and the time, and writes the audit row. Issue 32.
 */
export type StepKinds = 'artists' | 'plans' | 'banners' | 'news';
type Step = PublishIntent | 'delete';

const CONFIRM_DELETE: Text = { ja: '削除する前に、確認のチェックを入れてください。', en: 'Tick the box to confirm the deletion.' };

export function isPublishStep(intent: string | undefined): intent is Step {
  return intent === 'delete' || (PUBLISH_INTENTS as readonly string[]).includes(intent ?? '');
}

/** Runs the step; back to `here` when done (or `afterDelete` once the item is gone), else the refusal on the panel. */
export async function runPublishStep(context: unknown, kinds: StepKinds, id: string, values: FormValues, here: string, afterDelete: string) {
  const api = staffApiFrom(context);
  const intent = values.intent as Step;
  const extra = { intent: 'state' };
  if (intent === 'delete') {
    if (values.confirm !== 'on') return formFailure({ fields: { confirm: CONFIRM_DELETE } }, values, 400, extra);
    const gone = await api.deleteItem(kinds, id);
    return gone.ok ? seeOther(afterDelete) : apiFailure(gone, values, extra);
  }
  const publishAt = intent === 'schedule' && values.publishAt ? fromJstInput(values.publishAt) : undefined;
  const result = await api.publishStep(kinds, id, publishAt === undefined ? { intent } : { intent, publishAt });
  return result.ok ? seeOther(here) : apiFailure(result, values, extra);
}
