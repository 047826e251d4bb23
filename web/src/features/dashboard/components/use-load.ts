import { useCallback, useEffect, useState } from 'react';

/** A dashboard card's data: loaded on mount and on retry; `failed` once it could not be. */
export function useLoad<T>(load: () => Promise<T>): { data?: T; failed: boolean; retry(): void } {
  const [state, setState] = useState<{ data?: T; failed: boolean }>({ failed: false });
  const run = useCallback(() => {
    let current = true;
    setState({ failed: false });
    load().then(
      (data) => current && setState({ data, failed: false }),
      () => current && setState({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [load]);
  useEffect(run, [run]);
  return { ...state, retry: run };
}
