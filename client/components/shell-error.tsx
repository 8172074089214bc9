import type { ReactNode } from 'react';
import { useConfig } from '../config.tsx';
import { LogoMark } from './logo.tsx';

/**
 * A centred card that stands in for the whole shell (docs/spec.md §2: a global error replaces the
 * pages). It needs no router context, so the root error boundary can use it too.
 */
export function ShellErrorCard({ title, lang, children }: { title: string; lang?: string; children: ReactNode }) {
  const { brandName } = useConfig();
  return (
    <main className="global-error" lang={lang}>
      <title>{`${title} | ${brandName}`}</title>
      <div className="global-error-card" role="alert">
        <LogoMark size={56} />
        {children}
        <button type="button" className="button button-primary global-error-retry" onClick={() => window.location.reload()}>
          {lang === 'en' ? 'Reload' : '再読み込み'}
        </button>
      </div>
    </main>
  );
}
