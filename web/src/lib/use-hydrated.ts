/**
 * False while React hydrates a prerendered page (decision 290), true once the page is the app's,
 * and true from the first render of a page the app renders itself. A prerendered page is on screen
 * before its code runs: a form sent then would go to the server as a plain page load (its fields, a
 * password too, in the address), so its submit button waits for this, as every button of such a
 * page does: a press before then is lost (decision 304). A page whose view depends on its URL
 * hydrates the view it was prerendered with, then shows its own (decision 292).
 */
import { type RefObject, useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  // Hydration reads the server's snapshot, then React renders again with the client's.
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Text typed in a prerendered page's field before its code ran (decision 305). React would set a
 * controlled field back to its state ('') as it hydrates, so such a field is left uncontrolled, and
 * what it holds once the page is the app's is handed to `typed` as if just typed.
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, typed: (value: string) => void): void {
  // Once, on hydration: later typing arrives through the field's own onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `typed` is read on the first render only, by design.
  useEffect(() => {
    const value = field.current?.value ?? '';
    if (value !== '') typed(value);
  }, []);
}
