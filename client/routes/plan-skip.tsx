import { useActionData, useLoaderData } from 'react-router';
import type { Text } from '../../shared/text.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { ChangeConfirm, CONFIRM_TITLES } from '../components/subscription/change-confirm.tsx';
import { confirmAction, confirmLoader } from '../data/plan-change.ts';
import { useT } from '../lang.tsx';

export const loader = confirmLoader('skip');
export const action = confirmAction('skip');


/** /mypage/plan/{slug}/{planId}/skip: which round is skipped, the refund, until when it can be undone. */
export function Component() {
  const { userPlan } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: Text }>();
  const t = useT();
  const title = t(CONFIRM_TITLES.skip);
  return (
    <section className="page plan-delete-page">
      <PageMeta title={title} description={title} />
      <meta name="robots" content="noindex" />
      <ChangeConfirm kind="skip" userPlan={userPlan} error={failure?.error} />
    </section>
  );
}
