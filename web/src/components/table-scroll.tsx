import type { ReactNode } from 'react';
import '@/components/table-scroll.css';

/**
 * A wide table's frame on a narrow screen: it scrolls sideways, and is reachable by keyboard to be
 * scrolled, named by the table's caption (`labelledBy`).
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled (WCAG 2.1.1, axe's scrollable-region-focusable)
    <section className="table-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
