import { useEffect } from 'react';

const SITE_NAME = 'Mentorship';

/** Each page names itself in the tab and for screen readers after navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: verified industry experts`;
  }, [title]);
}
