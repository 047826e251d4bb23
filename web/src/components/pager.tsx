import '@/components/pager.css';

interface PagerProps {
  /** Names the navigation for screen readers, e.g. "Order pages". */
  label: string;
  pageNumber: number;
  hasNewer: boolean;
  hasOlder: boolean;
  onNewer(): void;
  onOlder(): void;
  disabled?: boolean;
}

/** The arrows under a list read a page at a time, newest first (as the order history's). */
export function Pager({ label, pageNumber, hasNewer, hasOlder, onNewer, onOlder, disabled = false }: PagerProps) {
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
