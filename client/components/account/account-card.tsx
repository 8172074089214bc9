import type { ReactNode } from 'react';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { PageMeta } from '../page-meta.tsx';

/** The frame of the account screens (login, sign-up, reminder): title, a lead line, one card. */
export function AccountCard({ title, lead, children }: { title: Text; lead?: Text; children: ReactNode }) {
  const t = useT();
  return (
    <section className="page account-page">
      <PageMeta title={t(title)} description={t(lead ?? title)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(title)}</h1>
      {lead ? <p className="account-lead">{t(lead)}</p> : null}
      <div className="account-card">{children}</div>
    </section>
  );
}
