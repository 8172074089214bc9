import type { ReactNode } from 'react';

/**
 * A wide table's box: on a narrow screen it scrolls sideways inside the page, and it is a named,
 * focusable region so the keyboard can scroll it too (axe `scrollable-region-focusable`). A named
 * <section> is that region natively (no role="region" on a <div>).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="console-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
