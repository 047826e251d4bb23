import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

/** A page of a list the API answers a page at a time: `nextCursor` absent on the last page. */
export interface CursorPage {
  nextCursor?: string;
}

export interface CursorPages<T extends CursorPage> {
  /** The page on screen; undefined while the first load of this page runs or when it failed. */
  data?: T;
  /** The last page loaded successfully, of any cursor: what stays true while another page loads. */
  latest?: T;
  /** The failure of the last load, in words; it stays while a reload runs. */
  problem?: string;
  loading: boolean;
  /** 1 for the newest page. */
  pageNumber: number;
  hasNewer: boolean;
  hasOlder: boolean;
  newer(): void;
  older(): void;
  /** Loads again: the page on screen (it stays on screen meanwhile), or the first page. */
  reload(options?: { first?: boolean }): void;
}

/**
 * A list read a page at a time with cursors, newest first, with the arrows working both ways: the
 * cursors seen so far are kept, so Newer goes back through them and Older follows `nextCursor`. A
 * failed load says `failureText` (the spec's own words for these lists, whatever the server said).
 */
export function useCursorPages<T extends CursorPage>(load: (cursor?: string) => Promise<T>, failureText: string): CursorPages<T> {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<{ data?: T; latest?: T; problem?: string; loading: boolean }>({ loading: true });
  // A reload keeps the page on screen until its answer comes (focus and place are not lost).
  const keep = useRef(false);
  const fetchPage = useEffectEvent(load);

  const current = cursors[cursors.length - 1];
  useEffect(() => {
    void reloads;
    let shown = true;
    const keeping = keep.current;
    keep.current = false;
    setState((before) => (keeping ? { ...before, loading: true } : { latest: before.latest, loading: true }));
    fetchPage(current).then(
      (data) => shown && setState({ data, latest: data, loading: false }),
      () => shown && setState((before) => ({ latest: before.latest, problem: failureText, loading: false })),
    );
    return () => {
      shown = false;
    };
  }, [current, reloads, failureText]);

  const { data } = state;
  const newer = useCallback(() => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)), []);
  const older = useCallback(() => {
    const next = data?.nextCursor;
    if (next !== undefined) setCursors((seen) => [...seen, next]);
  }, [data]);
  const reload = useCallback((options: { first?: boolean } = {}) => {
    keep.current = true;
    if (options.first) setCursors((seen) => (seen.length > 1 ? [undefined] : seen));
    setReloads((count) => count + 1);
  }, []);

  return {
    ...state,
    pageNumber: cursors.length,
    hasNewer: cursors.length > 1,
    hasOlder: data?.nextCursor !== undefined,
    newer,
    older,
    reload,
  };
}
