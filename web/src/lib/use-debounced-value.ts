import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (search boxes of spec 1 section 9).
 * `initial` is what it says until then; a box that mounts with text already typed passes ''.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
