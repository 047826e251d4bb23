import { lazy, Suspense, useEffect, useState } from 'react';
import { registerToastHost } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toast container the first time something wants to say something. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => registerToastHost(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
