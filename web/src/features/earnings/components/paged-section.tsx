import type { ReactNode } from 'react';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import type { CursorPage, CursorPages } from '@/lib/use-cursor-pages';

interface PagedSectionProps<T extends CursorPage> {
  id: string;
  title: string;
  list: CursorPages<T>;
  /** The rows of a page: what the table shows. */
  rowsOf(page: T): unknown[];
  loadingText: string;
  emptyText: string;
  pagerLabel: string;
  children(page: T): ReactNode;
}

/** A list of the dashboard, a page at a time: loading, its failure with a retry, empty, its table, and the arrows. */
export function PagedSection<T extends CursorPage>({ id, title, list, rowsOf, loadingText, emptyText, pagerLabel, children }: PagedSectionProps<T>) {
  const rows = list.data && rowsOf(list.data);
  return (
    <section aria-labelledby={id} aria-busy={list.loading}>
      <h2 id={id}>{title}</h2>
      {!list.data && list.loading && !list.problem && <p role="status">{loadingText}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {rows?.length === 0 && list.pageNumber === 1 && <p className="empty-state">{emptyText}</p>}
      {list.data && rows && rows.length > 0 && children(list.data)}
      <Pager label={pagerLabel} list={list} />
    </section>
  );
}
