import type { CursorPage, CursorPages } from '@/lib/use-cursor-pages';
import '@/components/pager.css';

interface PagerProps {
  /** Names the navigation for screen readers, e.g. "Order pages". */
  label: string;
  /** The list it pages through; the arrows wait while a page loads. */
  list: Pick<CursorPages<CursorPage>, 'pageNumber' | 'hasNewer' | 'hasOlder' | 'newer' | 'older' | 'loading'>;
}

/** The arrows under a list read a page at a time, newest first (as the order history's). */
export function Pager({ label, list }: PagerProps) {
  const { pageNumber, hasNewer, hasOlder, newer: onNewer, older: onOlder, loading: disabled } = list;
  if (!hasNewer && !hasOlder) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn-secondary" disabled={disabled || !hasNewer} onClick={onNewer}>
        ← Newer
      </button>
      <span>Page {pageNumber}</span>
      <button type="button" className="btn btn-secondary" disabled={disabled || !hasOlder} onClick={onOlder}>
        Older →
      </button>
    </nav>
  );
}
