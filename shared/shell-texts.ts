/**
 * The texts of the SPA's shell (header, session, guards, footer, the search box): loaded with every
 * page, so apart from the other texts, which load with the pages that show them. Anything else
 * imports them through MSG (texts.ts), which includes them.
 */
export const SHELL_MSG = {
  searchHtml: 'HTML tags are not allowed in search',
  searchTooLong: 'Search query must be 50 characters or less',
  loggedOut: 'You have successfully logged out',
  logoutConfirm: 'Are you sure you want to log out?',
  mustBeLoggedIn: 'You must be logged in',
  sessionExpired: 'Your session has expired. Please log in again.',
  anErrorOccurred: 'An error occurred',
  newsletterComingSoon: 'Newsletter subscriptions are coming soon.',
  /** The price of a free offer (decision 132), shown in the search box's suggestions too. */
  free: 'Free',
} as const;

const SITE_NAME = 'Mentorship';

/** The tab's title of a page that names itself `title` (the site's own title without one): in the browser and in a page rendered on the server. */
export const documentTitle = (title: string): string => (title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: verified industry experts`);
