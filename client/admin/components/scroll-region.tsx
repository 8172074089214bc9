import type { ReactNode } from 'react';
import { useT } from '../../lang.tsx';

/** The region is the table's box, apart from the section whose heading may carry the same words. */
const TABLE_OF = { ja: '（表）', en: ' (table)' };

/**
 * A wide table's box: on a narrow screen it scrolls sideways inside the page, and it is a named,
 * focusable region so the keyboard can scroll it too (axe `scrollable-region-focusable`). A named
 * <section> is that region natively (no role="region" on a <div>). Its name says it is the table,
 * so it never repeats the name of the section around it (landmark names are unique).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="console-scroll" aria-label={`${label}${t(TABLE_OF)}`} tabIndex={0}>
      {children}
    </section>
  );
}
