/**
 * The public pages rendered at build time (issue 29, decision 290): each path, the file of
 * web/dist that holds its HTML, and the page's module (as web/src/app/router.tsx loads it, under
 * web/), whose stylesheets and code the page's HTML names so that it paints styled and hydrates
 * without waiting for the router to ask for them. The build writes them (scripts/prerender-pages.ts), the local
 * stack (scripts/local/static-files.ts) and CloudFront (its viewer-request function) serve each
 * path its file; every other path keeps index.html, the app's shell.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'pages/home.html', module: 'src/features/site/routes/home.tsx' },
  // Its shell: the page before its loader has run (decision 292).
  { path: '/experts', file: 'pages/experts.html', module: 'src/features/experts/routes/directory.tsx' },
  { path: '/login', file: 'pages/login.html', module: 'src/features/auth/routes/login.tsx' },
  { path: '/register', file: 'pages/register.html', module: 'src/features/auth/routes/register.tsx' },
  { path: '/forgot-password', file: 'pages/forgot-password.html', module: 'src/features/auth/routes/forgot-password.tsx' },
  { path: '/contact-us', file: 'pages/contact-us.html', module: 'src/features/site/routes/contact.tsx' },
  { path: '/faq-page', file: 'pages/faq-page.html', module: 'src/features/site/routes/faq.tsx' },
  { path: '/privacy', file: 'pages/privacy.html', module: 'src/features/site/routes/privacy.tsx' },
] as const;

/** The file that holds the prerendered page of a path (a trailing slash is the same page), if it has one. */
export function prerenderedFileOf(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PRERENDERED_PAGES.find((page) => page.path === path)?.file;
}
