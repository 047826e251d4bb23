/**
 * False on the first render, true once the page is the app's: a prerendered page (decision 290) is
 * on screen before its code runs, and a form sent then would go to the server as a plain page load
 * (its fields, a password too, in the address). Its submit button waits for this.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
