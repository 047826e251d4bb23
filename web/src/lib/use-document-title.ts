import { useEffect } from 'react';
import { documentTitle } from '@shared/shell-texts';

/** Each page names itself in the tab and for screen readers after navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
