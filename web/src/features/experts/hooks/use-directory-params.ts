import { useNavigation, useSearchParams } from 'react-router-dom';

/**
 * The directory's URL parameters, and a way to change some of them. Changes build on the
 * navigation still loading, if any: choosing two filters quickly keeps both.
 */
export function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  const pending = useNavigation().location;
  const latest = () => new URLSearchParams(pending ? pending.search : params);

  function change(changes: Record<string, string | undefined>) {
    const next = latest();
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  }

  return { params, latest, change };
}
