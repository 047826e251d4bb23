/**
 * False while React hydrates a prerendered page (decision 290), true once the page is the app's,
 * and true from the first render of a page the app renders itself. A prerendered page is on screen
 * before its code runs: a form sent then would go to the server as a plain page load (its fields, a
 * password too, in the address), so its submit button waits for this, as every button of such a
 * page does: a press before then is lost (decision 304). A page whose view depends on its URL
 * hydrates the view it was prerendered with, then shows its own (decision 292).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  // Hydration reads the server's snapshot, then React renders again with the client's.
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
