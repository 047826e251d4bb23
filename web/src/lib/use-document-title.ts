import { useEffect } from 'react';

const SITE_NAME = 'Mentorship';

/** The tab's title of a page that names itself `title` (the site's own title without one). */
export const documentTitle = (title: string): string => (title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: verified industry experts`);

/** Each page names itself in the tab and for screen readers after navigation. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
