import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { UI } from '@shared/shell-limits';

/**
 * While the router fetches the next page's code or data, a bar along the top of the window says the
 * click was taken: on a phone's network a page's chunk can take a second, and the old page stayed
 * as it was meanwhile (decision 307). Shown only past a short delay, so a quick navigation shows nothing.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  // Hidden as soon as the navigation ends (state adjusted while rendering, as React advises over an effect).
  if (!busy && shown) setShown(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setShown(true), UI.navigationProgressDelayMs);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading the page" />;
}
