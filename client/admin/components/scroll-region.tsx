import type { ReactNode } from 'react';

/**
 * A wide table's box: on a narrow screen it scrolls sideways inside the page, and it is a named,
 * focusable region so the keyboard can scroll it too (axe `scrollable-region-focusable`).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="console-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
